//! The forum schema, as an append-only list of migrations.

use kit::Migrations;

/// The schema history; append new scripts, never edit released ones.
pub const MIGRATIONS: Migrations = Migrations(&[
    r#"
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    biography TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE TABLE forums (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    created_by INTEGER REFERENCES users(id),
    created_at INTEGER NOT NULL,
    subscribers INTEGER NOT NULL DEFAULT 0,
    submissions INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE images (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    spec TEXT,
    png BLOB,
    CHECK ((spec IS NULL) <> (png IS NULL))
);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    forum_id INTEGER NOT NULL REFERENCES forums(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    url TEXT,
    body TEXT NOT NULL DEFAULT '',
    image_id INTEGER REFERENCES images(id),
    created_at INTEGER NOT NULL,
    edited_at INTEGER,
    upvotes INTEGER NOT NULL DEFAULT 0,
    downvotes INTEGER NOT NULL DEFAULT 0,
    net_score INTEGER NOT NULL DEFAULT 0,
    ranking INTEGER NOT NULL,
    comment_count INTEGER NOT NULL DEFAULT 0,
    last_active INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX submissions_hot ON submissions(forum_id, ranking, id);
CREATE INDEX submissions_new ON submissions(forum_id, id);
CREATE INDEX submissions_top ON submissions(forum_id, net_score, id);
CREATE INDEX submissions_active ON submissions(forum_id, last_active, id);
CREATE INDEX submissions_commented ON submissions(forum_id, comment_count, id);
CREATE INDEX submissions_controversial ON submissions(forum_id, min(upvotes, downvotes), id);
CREATE INDEX submissions_all_hot ON submissions(ranking, id);
CREATE INDEX submissions_all_controversial ON submissions(min(upvotes, downvotes), id);
CREATE INDEX submissions_all_top ON submissions(net_score, id);
CREATE INDEX submissions_all_active ON submissions(last_active, id);
CREATE INDEX submissions_all_commented ON submissions(comment_count, id);
CREATE INDEX submissions_by_user ON submissions(user_id, id);
CREATE TRIGGER forum_submissions_insert AFTER INSERT ON submissions BEGIN
    UPDATE forums SET submissions = submissions + 1 WHERE id = new.forum_id;
END;
CREATE TRIGGER forum_submissions_delete AFTER UPDATE OF deleted ON submissions
    WHEN new.deleted = 1 AND old.deleted = 0 BEGIN
    UPDATE forums SET submissions = submissions - 1 WHERE id = new.forum_id;
END;
CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES submissions(id),
    parent_id INTEGER REFERENCES comments(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    edited_at INTEGER,
    upvotes INTEGER NOT NULL DEFAULT 0,
    downvotes INTEGER NOT NULL DEFAULT 0,
    net_score INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX comments_by_submission ON comments(submission_id, id);
CREATE INDEX comments_by_user ON comments(user_id, id);
CREATE TABLE submission_votes (
    submission_id INTEGER NOT NULL REFERENCES submissions(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)),
    PRIMARY KEY (submission_id, user_id)
) WITHOUT ROWID;
CREATE TABLE comment_votes (
    comment_id INTEGER NOT NULL REFERENCES comments(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)),
    PRIMARY KEY (comment_id, user_id)
) WITHOUT ROWID;
CREATE TABLE subscriptions (
    user_id INTEGER NOT NULL REFERENCES users(id),
    forum_id INTEGER NOT NULL REFERENCES forums(id),
    PRIMARY KEY (user_id, forum_id)
) WITHOUT ROWID;
CREATE TABLE blocks (
    user_id INTEGER NOT NULL REFERENCES users(id),
    blocked_id INTEGER NOT NULL REFERENCES users(id),
    PRIMARY KEY (user_id, blocked_id)
) WITHOUT ROWID;
CREATE TABLE message_threads (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    sender_id INTEGER NOT NULL REFERENCES users(id),
    receiver_id INTEGER NOT NULL REFERENCES users(id),
    updated_at INTEGER NOT NULL
);
CREATE INDEX threads_by_sender ON message_threads(sender_id, updated_at);
CREATE INDEX threads_by_receiver ON message_threads(receiver_id, updated_at);
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    thread_id INTEGER NOT NULL REFERENCES message_threads(id),
    sender_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX messages_by_thread ON messages(thread_id, id);
"#,
    kit::auth::SESSIONS_TABLE,
    r#"
CREATE VIRTUAL TABLE submissions_fts USING fts5(
    title, body, content='submissions', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER submissions_fts_insert AFTER INSERT ON submissions BEGIN
    INSERT INTO submissions_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
CREATE TRIGGER submissions_fts_update AFTER UPDATE OF title, body ON submissions BEGIN
    INSERT INTO submissions_fts (submissions_fts, rowid, title, body)
        VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO submissions_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
END;
"#,
    // Postmill's orders: the hot ranking is the creation time plus an advantage of 1800 s per
    // net vote and 5000 s per comment (500 s once the net score is -5 or lower), capped at a
    // day ahead and half a day behind, kept current by triggers; controversial sorts by the
    // net score (the top index serves it), no longer by min(upvotes, downvotes).
    r#"
DROP INDEX submissions_controversial;
DROP INDEX submissions_all_controversial;
CREATE TRIGGER submissions_ranking_insert AFTER INSERT ON submissions BEGIN
    UPDATE submissions SET ranking = new.created_at + max(min(
        new.net_score * 1800
            + new.comment_count * (CASE WHEN new.net_score > -5 THEN 5000 ELSE 500 END),
        86400), -43200) WHERE id = new.id;
END;
CREATE TRIGGER submissions_ranking_update AFTER UPDATE OF net_score, comment_count ON submissions
BEGIN
    UPDATE submissions SET ranking = new.created_at + max(min(
        new.net_score * 1800
            + new.comment_count * (CASE WHEN new.net_score > -5 THEN 5000 ELSE 500 END),
        86400), -43200) WHERE id = new.id;
END;
UPDATE submissions SET ranking = created_at + max(min(
    net_score * 1800 + comment_count * (CASE WHEN net_score > -5 THEN 5000 ELSE 500 END),
    86400), -43200);
"#,
]);
