-- The catalog: brands, categories, collections, bundles, vehicles, fitment, products, SKUs,
-- prices, media, SEO handles, reviews and FAQs (spec §3). Money is integer cents.

CREATE TABLE brand (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  logo_url TEXT,                         -- the brand list's logoUrl, kept as the icon
  abbreviation TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  brand_logo_url TEXT,
  shop_id INTEGER NOT NULL DEFAULT 1,
  show_on_brand_agg_page INTEGER NOT NULL DEFAULT 0,
  show_on_home_page INTEGER NOT NULL DEFAULT 0,
  sort_on_home_page INTEGER,
  landing_page_url TEXT,
  self_brand INTEGER NOT NULL DEFAULT 0
);

-- FRONT categories are the navigation tree; BACK categories classify items.
CREATE TABLE category (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES category(id),
  kind TEXT NOT NULL CHECK (kind IN ('FRONT', 'BACK')),
  name TEXT NOT NULL,
  handle TEXT NOT NULL,
  depth INTEGER NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  image_url TEXT,
  UNIQUE (kind, handle)
);
CREATE INDEX category_parent ON category (parent_id, sort);

CREATE TABLE front_back_category (
  front_id INTEGER NOT NULL REFERENCES category(id),
  back_id INTEGER NOT NULL REFERENCES category(id),
  PRIMARY KEY (front_id, back_id)
) WITHOUT ROWID;

CREATE TABLE collection (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES collection(id),
  name TEXT NOT NULL,
  handle TEXT NOT NULL UNIQUE,
  description TEXT,
  image_url TEXT,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE collection_item (
  collection_id INTEGER NOT NULL REFERENCES collection(id),
  item_id INTEGER NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (collection_id, item_id)
) WITHOUT ROWID;

CREATE TABLE bundle (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  handle TEXT NOT NULL UNIQUE,
  discount_percent INTEGER NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 90),
  active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE bundle_item (
  bundle_id INTEGER NOT NULL REFERENCES bundle(id),
  sku_id INTEGER NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (bundle_id, sku_id)
) WITHOUT ROWID;

-- Vehicles. Makes and models are the canonical names; vehicle_node is the selector's tree,
-- Year (1) -> Make (2) -> Model (3) -> Trim (4) -> Engine (5): a vehicle is a path through it.
-- A model year without trim data has its engines directly under the model node.
CREATE TABLE vehicle_make (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE
);

CREATE TABLE vehicle_model (
  id INTEGER PRIMARY KEY,
  make_id INTEGER NOT NULL REFERENCES vehicle_make(id),
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  UNIQUE (make_id, slug)
);

CREATE TABLE vehicle_node (
  id INTEGER PRIMARY KEY,
  level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5),
  parent_id INTEGER REFERENCES vehicle_node(id),
  value TEXT NOT NULL,
  text TEXT NOT NULL,
  year INTEGER NOT NULL,
  make_id INTEGER REFERENCES vehicle_make(id),
  model_id INTEGER REFERENCES vehicle_model(id),
  -- The level-3 (model year) ancestor, or the node itself at level 3; null above it.
  model_node_id INTEGER
);
CREATE INDEX vehicle_node_children ON vehicle_node (parent_id, text);
CREATE INDEX vehicle_node_model ON vehicle_node (model_id, year);
CREATE INDEX vehicle_node_level ON vehicle_node (level, year);

-- VIN decoding: world manufacturer identifier -> make.
CREATE TABLE vehicle_wmi (
  wmi TEXT PRIMARY KEY,
  make_id INTEGER NOT NULL REFERENCES vehicle_make(id)
) WITHOUT ROWID;

-- Products.
CREATE TABLE item (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  sub_title TEXT,
  detail_content TEXT,
  installation TEXT,
  warranty TEXT,
  country TEXT,
  location TEXT,
  quantity INTEGER NOT NULL DEFAULT 1,      -- pieces in one unit sold
  in_kind TEXT,
  vehicle_universal INTEGER NOT NULL DEFAULT 0,
  -- Tools and merchandise: no fitment at all (neither fits nor does not fit).
  non_vehicle INTEGER NOT NULL DEFAULT 0,
  alt TEXT,
  special_note TEXT,
  brand_id INTEGER REFERENCES brand(id),
  item_condition TEXT NOT NULL DEFAULT 'New',
  status TEXT NOT NULL CHECK (status IN ('ON_SHELVES', 'OFF_SHELVES', 'DRAFT', 'DELETED', 'UNDER_STOCK', 'SOLD_OUT')),
  us_status TEXT NOT NULL CHECK (us_status IN ('ON_SHELVES', 'OFF_SHELVES', 'DRAFT', 'DELETED', 'UNDER_STOCK', 'SOLD_OUT')),
  ca_status TEXT NOT NULL CHECK (ca_status IN ('ON_SHELVES', 'OFF_SHELVES', 'DRAFT', 'DELETED', 'UNDER_STOCK', 'SOLD_OUT')),
  back_category_id INTEGER NOT NULL REFERENCES category(id),
  additional_video_cover_url TEXT,
  item_decorate TEXT,                       -- JSON
  logistics_list TEXT,                      -- JSON
  campaign_mark TEXT,
  review_rating REAL,
  review_count INTEGER NOT NULL DEFAULT 0,
  sales INTEGER NOT NULL DEFAULT 0,
  -- Lowest discount price of the item's SKUs per currency (cents), for sorting and filters.
  min_price_usd INTEGER,
  min_price_cad INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX item_category_price_usd ON item (back_category_id, min_price_usd);
CREATE INDEX item_category_price_cad ON item (back_category_id, min_price_cad);
CREATE INDEX item_category_sales ON item (back_category_id, sales DESC);
CREATE INDEX item_brand ON item (brand_id, sales DESC);
CREATE INDEX item_sales ON item (sales DESC);
CREATE INDEX item_price_usd ON item (min_price_usd);
CREATE INDEX item_price_cad ON item (min_price_cad);
CREATE INDEX item_universal ON item (vehicle_universal, back_category_id) WHERE vehicle_universal = 1;

CREATE TABLE item_customs (
  item_id INTEGER NOT NULL REFERENCES item(id),
  sort INTEGER NOT NULL,
  label TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (item_id, sort)
) WITHOUT ROWID;

CREATE TABLE sku (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES item(id),
  part_number TEXT NOT NULL UNIQUE,
  part_number_customs TEXT,
  sku_customs TEXT,                          -- JSON label/value pairs
  bar_code TEXT,
  color TEXT,
  available_total INTEGER NOT NULL DEFAULT 0 CHECK (available_total >= 0),
  aces TEXT,                                 -- the source application reference, when imported
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sku_item ON sku (item_id, sort);

CREATE TABLE sku_price (
  sku_id INTEGER NOT NULL REFERENCES sku(id),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'CAD')),
  discount_price INTEGER NOT NULL CHECK (discount_price >= 0),
  original_price INTEGER NOT NULL CHECK (original_price >= discount_price),
  PRIMARY KEY (sku_id, currency)
) WITHOUT ROWID;

CREATE TABLE item_image (
  item_id INTEGER NOT NULL REFERENCES item(id),
  idx INTEGER NOT NULL,
  is_main INTEGER NOT NULL DEFAULT 0,
  media_type TEXT NOT NULL DEFAULT 'IMAGE' CHECK (media_type IN ('IMAGE', 'VIDEO')),
  url TEXT NOT NULL,
  title TEXT,
  description TEXT,
  PRIMARY KEY (item_id, idx)
) WITHOUT ROWID;

CREATE TABLE item_video (
  item_id INTEGER NOT NULL REFERENCES item(id),
  idx INTEGER NOT NULL,
  url TEXT NOT NULL,
  cover_url TEXT,
  title TEXT,
  PRIMARY KEY (item_id, idx)
) WITHOUT ROWID;

-- SEO handles: several per target, one primary; inactive ones redirect to the primary.
CREATE TABLE seo (
  id INTEGER PRIMARY KEY,
  target_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('ITEM', 'COLLECTION', 'CATEGORY', 'BRAND')),
  url_handle TEXT NOT NULL UNIQUE,
  title TEXT,
  description TEXT,
  is_primary INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  displacements TEXT
);
CREATE INDEX seo_target ON seo (type, target_id, is_primary DESC);

-- Fitment: one row per application of an item to a vehicle node at whatever depth the data
-- has (a model year, one trim, one engine), with the §3 fitment table keys. ACES applications
-- map onto it: BaseVehicle -> the model-year node, SubModel/EngineBase qualifiers -> deeper
-- nodes or the qualifier columns, Note/Qty/Position -> note/quantity/location.
CREATE TABLE fitment (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES item(id),
  node_id INTEGER NOT NULL REFERENCES vehicle_node(id),
  node_level INTEGER NOT NULL CHECK (node_level BETWEEN 3 AND 5),
  model_node_id INTEGER NOT NULL REFERENCES vehicle_node(id),
  sub_model TEXT,
  series TEXT,
  engine_code TEXT,
  engine_type TEXT,
  body_style TEXT,
  location TEXT,                             -- position: Front, Rear, Front Left, ...
  note TEXT,
  quantity INTEGER NOT NULL DEFAULT 1,
  qualifiers TEXT,                           -- JSON of further ACES qualifiers
  aces_app_id TEXT
);
CREATE INDEX fitment_node_item ON fitment (node_id, item_id);
CREATE INDEX fitment_model_item ON fitment (model_node_id, item_id);
CREATE INDEX fitment_item ON fitment (item_id, model_node_id);

CREATE TABLE review (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES item(id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  name TEXT NOT NULL,
  vehicle TEXT,
  status TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PUBLISHED', 'REJECTED')),
  verified_purchase INTEGER NOT NULL DEFAULT 0,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX review_item ON review (item_id, status, created_at DESC);

CREATE TABLE item_faq (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES item(id),
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX item_faq_item ON item_faq (item_id, sort);

-- Full-text search over title, part numbers, brand and category; rowid is the item id.
CREATE VIRTUAL TABLE item_search USING fts5(
  title, part_numbers, brand, category,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
