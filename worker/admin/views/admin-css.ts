/** The console's styles: desktop first, one column on a tablet. Inline (the CSP allows inline styles). */
export const ADMIN_CSS = `
*{box-sizing:border-box}
body.admin{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;
background:#f4f5f7}
.admin-bar{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;padding:10px 24px;background:#1d2330;color:#fff}
.admin-brand{font-size:16px;letter-spacing:.02em}
.admin-bar nav{display:flex;flex-wrap:wrap;gap:4px;flex:1}
.admin-bar nav a{color:#cfd5e1;text-decoration:none;padding:6px 10px;border-radius:4px}
.admin-bar nav a[aria-current=page],.admin-bar nav a:hover{background:#343c4f;color:#fff}
.admin-who{display:flex;gap:12px;align-items:center;margin:0;font-size:14px;color:#cfd5e1}
.admin-who .link{color:#fff}
.admin-main{max-width:1280px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 16px}
h2{font-size:17px;margin:24px 0 10px}
.panel{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:16px 20px;margin-bottom:16px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #dde1e8}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #e7eaf0;vertical-align:top;font-size:14px}
th{background:#f0f2f5;font-weight:600;white-space:nowrap}
td.num,th.num{text-align:right;white-space:nowrap}
.table-scroll{overflow-x:auto}
label{display:block;font-weight:600;font-size:13px;margin-bottom:4px}
input,select{font:inherit;padding:7px 9px;border:1px solid #b9c0cc;border-radius:4px;background:#fff;min-height:38px}
.form-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px;align-items:end}
.form-grid input,.form-grid select,.form-grid textarea{width:100%;min-width:0}
.form-grid input[type=checkbox]{width:auto}
.stack{display:grid;gap:14px;max-width:360px}
.stack input{width:100%}
button{font:inherit;min-height:38px;padding:7px 16px;border-radius:4px;border:1px solid #1f5fbf;background:#1f5fbf;
color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f5fbf}
button.link{background:none;border:0;padding:0;min-height:0;text-decoration:underline;color:inherit}
.inline{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin:0}
.error{color:#a4161a;background:#fdecec;border:1px solid #f3b7b9;padding:8px 12px;border-radius:4px}
.ok,.notice{color:#14532d;background:#e8f6ee;border:1px solid #a7dcbc;padding:8px 12px;border-radius:4px}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;background:#f0f2f5;padding:2px 6px}
.muted{color:#5d6676}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#e7eaf0;font-size:12px}
.badge.off{background:#fdecec;color:#a4161a}
.sign-in{max-width:400px;margin:48px auto}
.pager{display:flex;gap:12px;align-items:center;margin-top:12px}
pre{margin:0;white-space:pre-wrap;word-break:break-word;font-size:12px}
@media (max-width:900px){.admin-main{padding:16px}.admin-bar{padding:10px 16px}}
.tabs{display:flex;gap:4px;margin-bottom:16px;border-bottom:1px solid #dde1e8}
.tabs a{padding:8px 14px;color:#1f5fbf;text-decoration:none;border-radius:4px 4px 0 0}
.tabs a[aria-current=page]{background:#fff;border:1px solid #dde1e8;border-bottom-color:#fff;margin-bottom:-1px;
color:#1d2330}
.review-card .review-product{margin:0 0 6px;font-weight:600}
.review-meta{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;margin:0 0 8px}
.stars{color:#b7791f;letter-spacing:2px}
.badge.flag{background:#fff4d6;color:#7a4b00}
.review-title{margin:8px 0 4px}
.review-text{white-space:pre-wrap;margin:0 0 8px}
.review-photos{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:0 0 8px}
.review-photos img{width:96px;height:96px;object-fit:cover;border:1px solid #dde1e8;border-radius:4px;display:block}
.review-actions{display:flex;flex-wrap:wrap;gap:12px 24px;align-items:flex-end;border-top:1px solid #e7eaf0;
padding-top:12px}
.reject-form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
textarea{font:inherit;padding:7px 9px;border:1px solid #b9c0cc;border-radius:4px;min-width:260px}
.dashboard{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:0 16px}
.dashboard table{border:0}
.hint{color:#5d6676;font-size:13px}
input.qty{width:84px;text-align:right}
label.field{display:grid;gap:4px;margin-bottom:10px;max-width:420px}
fieldset{border:1px solid #dde1e8;border-radius:6px;margin:0 0 12px;padding:8px 12px;min-width:0}
input[type=radio],input[type=checkbox]{min-height:0;margin:0 6px 0 0;vertical-align:middle}
legend label{display:inline;font-weight:600}
ul.panel{padding-left:36px}
ul.panel form{display:inline}
.note-body{margin:2px 0 10px;white-space:pre-wrap}
.evidence{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:12px;list-style:none;padding:0;
margin:0 0 16px}
.evidence li{display:grid;gap:4px;min-width:0}
.evidence img,.evidence video{width:100%;aspect-ratio:1;object-fit:cover;background:#1d2330;border:1px solid #dde1e8;
border-radius:4px;display:block}
.evidence li[data-kind=video]{grid-column:span 2}
.evidence video{aspect-ratio:16/9;object-fit:contain}
.evidence .hint{overflow-wrap:anywhere}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 16px}
.facts dt{font-weight:600}
.facts dd{margin:0}
.fit{display:inline-block;padding:1px 8px;border-radius:10px;font-size:13px;background:#e7eaf0}
.fit-green{background:#e8f6ee;color:#14532d}
.fit-red{background:#fdecec;color:#a4161a}
.fit-orange{background:#fff4d6;color:#7a4b00}
.badge.return-refunded,.badge.return-approved,.badge.return-received{background:#e8f6ee;color:#14532d}
.badge.return-rejected{background:#fdecec;color:#a4161a}
.badge.return-needs_evidence{background:#fff4d6;color:#7a4b00}
.queue-search input[type=search]{flex:1;min-width:0;max-width:480px}
.returns-queue td{white-space:nowrap}
.return-page textarea{width:100%;min-width:0}
.return-page label.field{max-width:none}
.return-page ol.panel{padding-left:40px}
.return-order p{margin:0 0 6px}
.settlement{margin-bottom:16px}
.settlement th{width:35%;white-space:normal}
.return-decisions{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:0 16px;align-items:start}
.return-decisions > *{min-width:0}
.return-decisions form.panel h2{margin-top:0}
.return-decisions form[aria-label=Refund]{grid-column:1/-1}
.fit{white-space:nowrap}
.region-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:2px 12px}
.region-grid label{font-weight:400;font-size:14px;margin:0;padding:3px 0}
.certificate-image img{display:block;max-width:100%;max-height:70vh;border:1px solid #dde1e8;border-radius:4px}
.certificate-image{margin:0 0 16px}
@media (max-width:600px){.stack-table thead{display:none}.stack-table tr{display:block;border-bottom:1px solid #e7eaf0}
.stack-table td{display:flex;justify-content:space-between;gap:12px;border:0;padding:4px 10px;text-align:right;
white-space:normal;overflow-wrap:anywhere}
.stack-table td::before{content:attr(data-label);font-weight:600;text-align:left;white-space:nowrap}
.stack-table td:first-child{display:block;text-align:left;padding-top:8px}
.stack-table td:first-child::before{content:none}
.return-decisions{grid-template-columns:1fr}}
@media (max-width:600px){.facts{grid-template-columns:1fr}.facts dd{margin-bottom:6px}
.evidence li[data-kind=video]{grid-column:1/-1}.tabs{overflow-x:auto}.tabs a{white-space:nowrap}}
`;
