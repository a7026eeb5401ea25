/**
 * The content editors' own rules, on top of the console's (admin-css.ts). Inline like the console's:
 * the back office loads no storefront stylesheet and no script (the CSP allows inline styles).
 */
const CONTENT_CSS = `
.content-admin caption{text-align:left;font-weight:600;font-size:17px;padding:16px 0 8px}
.content-admin .content-list td .badge{margin-left:8px}
.content-admin .content-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px;
align-items:start}
.content-admin .content-field{display:grid;gap:4px;min-width:0}
.content-admin .content-field.wide{grid-column:1/-1}
.content-admin .content-field input[type=text],.content-admin .content-field input[type=datetime-local],
.content-admin .content-field select,.content-admin .content-field textarea{width:100%;min-width:0}
.content-admin .content-field textarea{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
.content-admin .content-field input[type=checkbox]{justify-self:start;width:20px;height:20px;margin:9px 0}
.content-admin .content-label{font-weight:600;font-size:13px}
.content-admin .content-markets{display:flex;gap:16px;min-height:38px;align-items:center}
.content-admin .content-markets label,.content-admin .content-sections label{display:inline-flex;align-items:center;
font-weight:400;font-size:14px;margin:0}
.content-admin .content-item{background:#fbfbfc}
.content-admin .content-item legend{font-weight:600;padding:0 4px}
.content-admin .content-new{border-style:dashed}
.content-admin .content-moves{margin:10px 0 0}
.content-admin .content-moves button{min-height:32px;padding:4px 12px;font-size:13px}
.content-admin .content-actions{margin:16px 0 0}
.content-admin .content-sections{display:grid;gap:6px;margin:0;padding-left:24px}
.content-admin .content-sections li{display:flex;gap:12px;align-items:center;justify-content:space-between;
max-width:420px}
.content-admin .error{margin:4px 0 0;font-size:13px;padding:4px 8px}
.content-admin .content-new-page{margin-top:16px}
.content-admin .content-new-page label{margin:0}
@media (max-width:600px){.content-admin .content-grid{grid-template-columns:1fr}
.content-admin .content-new-page input{flex:1;min-width:0}}
`;

/** The content pages' stylesheet, once per page. */
export function ContentStyles() {
  return <style>{CONTENT_CSS}</style>;
}
