//! The classifieds schema, as an append-only list of migrations.

use kit::Migrations;

/// The schema history; append new scripts, never edit released ones.
pub const MIGRATIONS: Migrations = Migrations(&[
    r#"
CREATE TABLE regions (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE cities (
    id INTEGER PRIMARY KEY,
    region_id INTEGER NOT NULL REFERENCES regions(id),
    name TEXT NOT NULL
);
CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES categories(id),
    name TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    phone TEXT,
    city_id INTEGER REFERENCES cities(id),
    created_at INTEGER NOT NULL
);
CREATE TABLE listings (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    category_id INTEGER NOT NULL REFERENCES categories(id),
    city_id INTEGER NOT NULL REFERENCES cities(id),
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    published_at INTEGER NOT NULL
);
CREATE INDEX listings_by_category_date ON listings(category_id, published_at);
CREATE INDEX listings_by_category_price ON listings(category_id, price_cents);
CREATE INDEX listings_by_date ON listings(published_at);
CREATE INDEX listings_by_price ON listings(price_cents);
CREATE INDEX listings_by_city ON listings(city_id);
CREATE INDEX listings_by_user ON listings(user_id, published_at);
CREATE VIRTUAL TABLE listings_fts USING fts5(
    title, description, content='listings', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
    INSERT INTO listings_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
    INSERT INTO listings_fts(listings_fts, rowid, title, description)
        VALUES ('delete', old.id, old.title, old.description);
END;
CREATE TRIGGER listings_fts_update AFTER UPDATE OF title, description ON listings BEGIN
    INSERT INTO listings_fts(listings_fts, rowid, title, description)
        VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO listings_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
CREATE TABLE category_stats (
    category_id INTEGER PRIMARY KEY REFERENCES categories(id),
    listings INTEGER NOT NULL DEFAULT 0
);
CREATE TRIGGER category_stats_insert AFTER INSERT ON listings BEGIN
    INSERT INTO category_stats (category_id, listings) VALUES (new.category_id, 1)
        ON CONFLICT (category_id) DO UPDATE SET listings = listings + 1;
END;
CREATE TRIGGER category_stats_delete AFTER DELETE ON listings BEGIN
    UPDATE category_stats SET listings = listings - 1 WHERE category_id = old.category_id;
END;
CREATE TRIGGER category_stats_move AFTER UPDATE OF category_id ON listings BEGIN
    UPDATE category_stats SET listings = listings - 1 WHERE category_id = old.category_id;
    INSERT INTO category_stats (category_id, listings) VALUES (new.category_id, 1)
        ON CONFLICT (category_id) DO UPDATE SET listings = listings + 1;
END;
CREATE TABLE photos (
    id INTEGER PRIMARY KEY,
    listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    spec TEXT,
    png BLOB,
    CHECK ((spec IS NULL) <> (png IS NULL))
);
CREATE INDEX photos_by_listing ON photos(listing_id, position);
CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
    created_at INTEGER NOT NULL
);
CREATE INDEX comments_by_listing ON comments(listing_id, created_at);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
    sender_name TEXT NOT NULL,
    sender_email TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
"#,
    kit::auth::SESSIONS_TABLE,
    // Parent categories are browsed as much as leaves; a denormalised parent id lets both
    // be an index equality instead of an IN list that forces a sort of thousands of rows.
    r#"
ALTER TABLE listings ADD COLUMN parent_category_id INTEGER REFERENCES categories(id);
UPDATE listings SET parent_category_id = (SELECT parent_id FROM categories WHERE id = listings.category_id);
CREATE INDEX listings_by_parent_date ON listings(parent_category_id, published_at);
CREATE INDEX listings_by_parent_price ON listings(parent_category_id, price_cents);
CREATE TRIGGER listings_parent_insert AFTER INSERT ON listings BEGIN
    UPDATE listings SET parent_category_id = (SELECT parent_id FROM categories WHERE id = new.category_id)
        WHERE id = new.id;
END;
CREATE TRIGGER listings_parent_move AFTER UPDATE OF category_id ON listings BEGIN
    UPDATE listings SET parent_category_id = (SELECT parent_id FROM categories WHERE id = new.category_id)
        WHERE id = new.id;
END;
"#,
]);
