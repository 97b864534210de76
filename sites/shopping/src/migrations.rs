//! The shopping schema, as an append-only list of migrations.

use kit::Migrations;

/// The schema history; append new scripts, never edit released ones.
pub const MIGRATIONS: Migrations = Migrations(&[
    r#"
CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES categories(id),
    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
    name TEXT NOT NULL,
    path TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
);
CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    sku TEXT NOT NULL UNIQUE,
    url_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents > 0),
    stock INTEGER NOT NULL CHECK (stock >= 0),
    department_id INTEGER NOT NULL REFERENCES categories(id),
    group_id INTEGER NOT NULL REFERENCES categories(id),
    category_id INTEGER NOT NULL REFERENCES categories(id),
    attributes TEXT NOT NULL,
    options TEXT NOT NULL,
    review_count INTEGER NOT NULL DEFAULT 0,
    rating_sum INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX products_department_price ON products(department_id, price_cents);
CREATE INDEX products_department_name ON products(department_id, name);
CREATE INDEX products_group_price ON products(group_id, price_cents);
CREATE INDEX products_group_name ON products(group_id, name);
CREATE INDEX products_category_price ON products(category_id, price_cents);
CREATE INDEX products_category_name ON products(category_id, name);
CREATE VIRTUAL TABLE products_fts USING fts5(
    name, description, content='products', content_rowid='id', tokenize='porter unicode61'
);
CREATE TABLE images (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products(id),
    position INTEGER NOT NULL,
    spec TEXT NOT NULL
);
CREATE INDEX images_by_product ON images(product_id, position);
CREATE TABLE customers (
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    newsletter INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products(id),
    customer_id INTEGER REFERENCES customers(id),
    nickname TEXT NOT NULL,
    title TEXT NOT NULL,
    detail TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    created_at INTEGER NOT NULL
);
CREATE INDEX reviews_by_product ON reviews(product_id, id);
CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    street TEXT NOT NULL,
    city TEXT NOT NULL,
    region TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country TEXT NOT NULL,
    telephone TEXT NOT NULL,
    default_billing INTEGER NOT NULL DEFAULT 0,
    default_shipping INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX addresses_by_customer ON addresses(customer_id);
CREATE TABLE cart_items (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    options TEXT NOT NULL,
    qty INTEGER NOT NULL CHECK (qty > 0),
    UNIQUE (customer_id, product_id, options)
);
CREATE TABLE checkouts (
    customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
    address TEXT NOT NULL,
    shipping_method TEXT NOT NULL
);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    shipping_address TEXT NOT NULL,
    billing_address TEXT NOT NULL,
    shipping_method TEXT NOT NULL,
    shipping_cents INTEGER NOT NULL,
    subtotal_cents INTEGER NOT NULL
);
CREATE INDEX orders_by_customer ON orders(customer_id, created_at);
CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    options TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    qty INTEGER NOT NULL
);
CREATE INDEX order_items_by_order ON order_items(order_id);
CREATE TABLE wishlist (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    added_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, product_id)
);
CREATE TABLE compare (
    customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id),
    added_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, product_id)
);
"#,
    kit::auth::SESSIONS_TABLE,
    // Name order as a number: the name-sorted indexes hold an integer instead of the name,
    // which keeps every tenant's copy of the catalogue about 10 MiB smaller.
    r#"
ALTER TABLE products ADD COLUMN name_rank INTEGER NOT NULL DEFAULT 0;
DROP INDEX products_department_name;
DROP INDEX products_group_name;
DROP INDEX products_category_name;
CREATE INDEX products_department_name ON products(department_id, name_rank);
CREATE INDEX products_group_name ON products(group_id, name_rank);
CREATE INDEX products_category_name ON products(category_id, name_rank);
"#,
    // A search reads the price and name order of every match (thousands for a common word);
    // this narrow index keeps those reads off the wide product rows.
    r#"
CREATE INDEX products_sort_keys ON products(id, price_cents, name_rank);
"#,
]);
