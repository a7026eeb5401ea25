/**
 * The catalog pages' own rules, on top of the console's (admin-css.ts). Inline like the console's:
 * the back office loads no storefront stylesheet and no script (the CSP allows inline styles).
 */
const CATALOG_CSS = `
.catalog-admin .filters{display:grid;grid-template-columns:2fr 1.4fr 1fr 1fr auto;gap:10px;align-items:end;
margin:0 0 14px}
.catalog-admin .filters input,.catalog-admin .filters select{width:100%}
.catalog-admin .actions{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:0 0 14px}
.catalog-admin .cell-title{min-width:240px}
.catalog-admin .status-trio{display:flex;flex-wrap:wrap;gap:4px}
.catalog-admin .edit-grid{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:12px}
.catalog-admin .edit-grid .wide{grid-column:1/-1}
.catalog-admin textarea{font:inherit;width:100%;min-height:140px;padding:7px 9px;border:1px solid #b9c0cc;
border-radius:4px}
.catalog-admin .edit-grid input,.catalog-admin .edit-grid select{width:100%}
.catalog-admin .images{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px;list-style:none;
padding:0;margin:0 0 12px}
.catalog-admin .images li{border:1px solid #dde1e8;border-radius:6px;padding:8px;background:#fff;display:grid;gap:6px}
.catalog-admin .images img{width:100%;aspect-ratio:1;object-fit:contain;background:#f4f5f7;border-radius:4px}
.catalog-admin .images .url{font-size:12px;word-break:break-all;color:#5d6676}
.catalog-admin .images form{display:flex;gap:4px;flex-wrap:wrap}
.catalog-admin .images button{padding:4px 10px;min-height:32px;font-size:13px}
.catalog-admin .sku{border:1px solid #dde1e8;border-radius:6px;padding:12px 14px;margin:0 0 12px;background:#fff}
.catalog-admin .sku h3{margin:0 0 8px;font-size:15px}
.catalog-admin .sku-grid{display:grid;grid-template-columns:repeat(5,minmax(0,1fr)) auto;gap:10px;align-items:end}
.catalog-admin .sku-grid input{width:100%}
.catalog-admin .error{margin:4px 0 0;font-size:13px;padding:4px 8px}
.catalog-admin .counts{display:flex;flex-wrap:wrap;gap:10px;list-style:none;padding:0;margin:0 0 14px}
.catalog-admin .counts li{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:8px 14px}
.catalog-admin .counts strong{display:block;font-size:20px}
.catalog-admin td.old{color:#5d6676;text-decoration:line-through}
.catalog-admin td.new{font-weight:600}
.catalog-admin .import-progress progress{width:100%;height:22px}
.catalog-admin .import-progress>.step:not(:last-of-type){display:none}
.catalog-admin .import-progress>.step p{margin:6px 0 0}
.catalog-admin .upload{display:grid;gap:12px;max-width:560px}
.catalog-admin .upload input[type=file]{width:100%}
.catalog-admin .add-image input{flex:1;min-width:200px;max-width:480px}
.catalog-admin button:disabled{opacity:.45;cursor:default}
@media (max-width:900px){
.catalog-admin .filters{grid-template-columns:1fr 1fr}
.catalog-admin .filters .search{grid-column:1/-1}
.catalog-admin .edit-grid{grid-template-columns:1fr}
.catalog-admin .sku-grid{grid-template-columns:1fr 1fr}
}
@media (max-width:520px){
.admin-main{padding:16px 12px}
.catalog-admin .filters{grid-template-columns:1fr}
.catalog-admin .cell-title{min-width:180px}
}
`;

/** The catalog pages' stylesheet, once per page. */
export function CatalogStyles() {
  return <style>{CATALOG_CSS}</style>;
}
