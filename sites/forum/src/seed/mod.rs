//! Deterministic base data: forums, users, image/text/link submissions with votes, comment
//! trees, subscriptions and messages, from a seed.

pub mod pictures;
pub mod text;
pub mod vocabulary;

use crate::ForumError;
use crate::db::submissions::slug_of;
use imagery::{Backdrop, ImageSpec, NamedColor, ObjectKind, Pattern, Picture};
use kit::Scale;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, params};
use sha2::{Digest, Sha256};
use std::fmt;
use vocabulary::{
    FORUMS, IMAGE_TITLES, MESSAGE_BODIES, MESSAGE_TITLES, NAME_WORDS, SENTENCES, TEXT_TITLES,
};

/// VWA's account, which tasks log in as.
pub const DEFAULT_USERNAME: &str = "MarvelsGrantMan136";
/// The password of every seeded account.
pub const DEFAULT_PASSWORD: &str = "test1234";
/// Image submissions in the full data set (VWA's count).
pub const FULL_IMAGE_POSTS: u32 = 31_464;
/// Text and link submissions in the full data set.
pub const FULL_OTHER_POSTS: u32 = 20_000;
/// Comments in the full data set.
pub const FULL_COMMENTS: u32 = 152_000;
/// Deepest seeded reply level (top-level comments are level 1).
pub const MAX_SEEDED_DEPTH: u32 = 8;
/// Every `MEGATHREAD_EVERY`-th submission is a busy thread of at least
/// [`MEGATHREAD_COMMENTS`] comments.
const MEGATHREAD_EVERY: usize = 997;
/// Comments on a busy thread.
pub const MEGATHREAD_COMMENTS: u32 = 240;

/// The newest seeded time: the site clock (by default 2025-11-01 00:00 UTC); activity
/// spreads over the two years before and no comment or message is later.
fn newest() -> i64 {
    kit::clock::now()
}
const TWO_YEARS: i64 = 730 * 24 * 3600;

/// How much of each table a [`Scale`] asks for.
trait Amounts {
    fn image_posts(self) -> u32;
    fn other_posts(self) -> u32;
    fn comments(self) -> u32;
    fn users(self) -> u32;
}

impl Amounts for Scale {
    fn image_posts(self) -> u32 {
        match self {
            Scale::Full => FULL_IMAGE_POSTS,
            Scale::Small(count) => (count.max(2) * 3).div_ceil(5),
        }
    }

    fn other_posts(self) -> u32 {
        match self {
            Scale::Full => FULL_OTHER_POSTS,
            Scale::Small(count) => count.max(2) - self.image_posts(),
        }
    }

    fn comments(self) -> u32 {
        match self {
            Scale::Full => FULL_COMMENTS,
            Scale::Small(count) => count * 3,
        }
    }

    fn users(self) -> u32 {
        match self {
            Scale::Full => 6_000,
            Scale::Small(count) => (count / 5).clamp(20, 6_000),
        }
    }
}

/// What a seed built.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeedCounts {
    /// Forums.
    pub forums: u32,
    /// Users, the default account included.
    pub users: u32,
    /// Image submissions.
    pub image_posts: u32,
    /// Text and link submissions.
    pub other_posts: u32,
    /// Comments.
    pub comments: u32,
    /// The deepest comment level.
    pub max_depth: u32,
    /// Image posts whose picture shows a fact their words do not: a chart's values, a
    /// meme's captions, a scene's count of animals, or a product's colour the title leaves out.
    pub picture_only: u32,
    /// How varied the comments' words are: distinct sentences per [`TEXT_WINDOW`] comments,
    /// the most shared sentence, the vocabulary.
    pub comment_text: Option<kit::prose::Figures>,
}

/// The run of consecutive comments the distinct share of sentences is taken over.
pub const TEXT_WINDOW: usize = 10_000;

impl SeedCounts {
    /// The share of posts whose deciding fact is only in their picture.
    pub fn picture_only_share(&self) -> f64 {
        f64::from(self.picture_only) / f64::from((self.image_posts + self.other_posts).max(1))
    }
}

impl fmt::Display for SeedCounts {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} forums, {} image posts ({:.1} % of posts with a fact only in the picture), {} text and link posts, {} comments (depth up to {}), {} users",
            self.forums,
            kit::money::group_digits(u64::from(self.image_posts)),
            100.0 * self.picture_only_share(),
            kit::money::group_digits(u64::from(self.other_posts)),
            kit::money::group_digits(u64::from(self.comments)),
            self.max_depth,
            self.users,
        )?;
        if let Some(figures) = &self.comment_text {
            write!(formatter, "; comments: {figures}")?;
        }
        Ok(())
    }
}

/// A submission before it gets its id (ids follow creation time, as in Postmill).
struct Draft {
    forum: usize,
    user: i64,
    title: String,
    url: Option<String>,
    body: String,
    image: Option<Picture>,
    /// The noun of the thing an image post's product photo shows ("bicycle").
    thing: &'static str,
    /// The topic a text or link post is about.
    topic: &'static str,
    /// What a text or link post is (questions get answers, stories get stories).
    kind: text::TextKind,
    created: i64,
    upvotes: i64,
    downvotes: i64,
}

impl Draft {
    /// Whether the post's picture shows a fact its title does not: charts, memes and scenes
    /// always (titles never repeat values, captions or counts), product photos when the
    /// title leaves their colour out.
    fn picture_only(&self) -> bool {
        match &self.image {
            Some(Picture::Product(spec)) => !self
                .title
                .to_lowercase()
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|word| word == spec.primary.name()),
            Some(_) => true,
            None => false,
        }
    }
}

/// Builds the data in a fresh forum database from `seed`; the same seed gives the same data.
pub fn build(
    connection: &mut Connection,
    scale: Scale,
    seed: u64,
) -> Result<SeedCounts, ForumError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = SeedCounts {
        forums: FORUMS.len() as u32,
        users: scale.users(),
        image_posts: scale.image_posts(),
        other_posts: scale.other_posts(),
        comments: 0,
        max_depth: 0,
        picture_only: 0,
        comment_text: None,
    };
    let transaction = connection.transaction()?;
    insert_users(&transaction, &mut rng, report.users)?;
    insert_forums(&transaction, &mut rng, report.users)?;
    let writer = text::Writer::new(seed)?;
    let drafts = draft_submissions(&mut rng, &writer, scale, report.users)?;
    report.picture_only = drafts.iter().filter(|draft| draft.picture_only()).count() as u32;
    insert_submissions(&transaction, &drafts)?;
    let mut corpus = kit::prose::Corpus::new();
    let (comments, depth) = insert_comments(
        &transaction,
        &mut rng,
        &writer,
        &drafts,
        (scale, report.users),
        &mut corpus,
    )?;
    report.comments = comments;
    report.max_depth = depth;
    report.comment_text = Some(corpus.figures(TEXT_WINDOW));
    insert_messages(&transaction, &mut rng, report.users)?;
    transaction.commit()?;
    connection.execute_batch("ANALYZE;")?;
    Ok(report)
}

/// A reddit-style user name ("CopperOtter412"); user 1 is VWA's account.
fn username(rng: &mut ChaCha8Rng, id: i64) -> String {
    if id == 1 {
        return DEFAULT_USERNAME.to_owned();
    }
    let first = NAME_WORDS.choose(rng).copied().unwrap_or("Quiet");
    let second = NAME_WORDS.choose(rng).copied().unwrap_or("Otter");
    format!("{first}{second}{id}")
}

fn insert_users(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
) -> Result<(), ForumError> {
    // One argon2 hash serves every seeded account: they share the documented password.
    let hash = kit::auth::hash_password(DEFAULT_PASSWORD)?;
    let mut statement = connection.prepare(
        "INSERT INTO users (id, username, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for id in 1..=i64::from(count) {
        let joined = newest() - TWO_YEARS - rng.random_range(0..TWO_YEARS / 2);
        statement.execute(params![id, username(rng, id), hash, joined])?;
    }
    Ok(())
}

fn insert_forums(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    users: u32,
) -> Result<(), ForumError> {
    let mut statement = connection.prepare(
        "INSERT INTO forums (id, name, title, description, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (index, forum) in FORUMS.iter().enumerate() {
        let creator = rng.random_range(2..=i64::from(users));
        statement.execute(params![
            index as i64 + 1,
            forum.name,
            forum.title,
            forum.description,
            creator,
            newest() - TWO_YEARS - 86_400 * 60
        ])?;
    }
    // VWA's account follows a handful of forums; everyone else a random few.
    let mut subscribe = connection
        .prepare("INSERT OR IGNORE INTO subscriptions (user_id, forum_id) VALUES (?1, ?2)")?;
    for name in [
        "pics",
        "memes",
        "space",
        "food",
        "gaming",
        "books",
        "pittsburgh",
    ] {
        if let Some(index) = FORUMS.iter().position(|forum| forum.name == name) {
            subscribe.execute(params![1, index as i64 + 1])?;
        }
    }
    for user in 2..=i64::from(users) {
        for _ in 0..rng.random_range(2..8) {
            subscribe.execute(params![user, rng.random_range(1..=FORUMS.len() as i64)])?;
        }
    }
    connection.execute_batch(
        "UPDATE forums SET subscribers = (SELECT count(*) FROM subscriptions s WHERE s.forum_id = forums.id);",
    )?;
    Ok(())
}

/// Picks an index from `weights` (not all zero) with probability proportional to its weight.
fn weighted(rng: &mut ChaCha8Rng, weights: &[u32]) -> usize {
    let total: u32 = weights.iter().sum();
    let mut pick = rng.random_range(0..total.max(1));
    for (index, weight) in weights.iter().enumerate() {
        if pick < *weight {
            return index;
        }
        pick -= weight;
    }
    0
}

/// Up and down votes with a heavy tail: most posts get a few, some get thousands.
fn votes(rng: &mut ChaCha8Rng, scale: f64) -> (i64, i64) {
    let draw: f64 = rng.random_range(0.002..1.0);
    let up = ((scale / draw).powf(1.1)) as i64 + rng.random_range(0..3);
    let down = (up as f64 * rng.random_range(0.0..0.45)) as i64;
    (up, down)
}

fn fill(template: &str, topic: &str, thing: &str) -> String {
    template.replace("{topic}", topic).replace("{thing}", thing)
}

/// A random product-style picture, and the draw that picked its model among the first
/// three of its kind (a forum's own thing is picked by the same draw).
fn picture(rng: &mut ChaCha8Rng) -> (ImageSpec, u8) {
    let kind = pictures::PRODUCT_KINDS
        .choose(rng)
        .copied()
        .unwrap_or(ObjectKind::Car);
    let primary = NamedColor::BASIC
        .choose(rng)
        .copied()
        .unwrap_or(NamedColor::Red);
    let pick: u8 = rng.random_range(0..3);
    let spec = ImageSpec {
        model: kind.model_at(usize::from(pick)),
        primary,
        secondary: rng.random_bool(0.3).then(|| {
            NamedColor::BASIC
                .choose(rng)
                .copied()
                .unwrap_or(NamedColor::White)
        }),
        count: if rng.random_bool(0.8) {
            1
        } else {
            rng.random_range(2..=4)
        },
        pattern: Pattern::Solid,
        text: None,
        backdrop: Backdrop::at(usize::from(rng.random_range(0..6u8))),
        variation: rng.random(),
    };
    (spec, pick)
}

/// Words describing what a picture of `thing` shows ("my red bicycle", "3 blue chairs");
/// every other photo (by its variation seed) leaves the colour to the picture.
fn describe(spec: &ImageSpec, thing: &str) -> String {
    let colour = if spec.variation.is_multiple_of(2) {
        format!("{} ", spec.primary.name())
    } else {
        String::new()
    };
    if spec.count == 1 {
        format!("my {colour}{thing}")
    } else if thing.ends_with('s') {
        format!("{} {colour}{thing}", spec.count)
    } else {
        format!("{} {colour}{thing}s", spec.count)
    }
}

fn sentences(rng: &mut ChaCha8Rng, topic: &str, count: usize) -> String {
    (0..count)
        .filter_map(|_| SENTENCES.choose(rng))
        .map(|sentence| fill(sentence, topic, topic))
        .collect::<Vec<_>>()
        .join(" ")
}

fn draft_submissions(
    rng: &mut ChaCha8Rng,
    writer: &text::Writer,
    scale: Scale,
    users: u32,
) -> Result<Vec<Draft>, ForumError> {
    let picture_weights: Vec<u32> = FORUMS.iter().map(|forum| forum.pictures).collect();
    let mut drafts = Vec::new();
    let author = |rng: &mut ChaCha8Rng| rng.random_range(2..=i64::from(users));
    for _ in 0..scale.image_posts() {
        let forum = weighted(rng, &picture_weights);
        let (drawn, pick) = picture(rng);
        let (spec, thing) = pictures::product_photo(FORUMS[forum].name, drawn, pick);
        let template = IMAGE_TITLES.choose(rng).copied().unwrap_or("{thing}");
        let topic = FORUMS[forum].topics.choose(rng).copied().unwrap_or("this");
        let (upvotes, downvotes) = votes(rng, 3.0);
        let title = fill(template, topic, &describe(&spec, thing));
        let drawn = pictures::draw(FORUMS[forum].name, spec);
        drafts.push(Draft {
            forum,
            user: author(rng),
            title: drawn.title.unwrap_or(title),
            url: None,
            body: String::new(),
            image: Some(drawn.picture),
            thing,
            topic,
            kind: text::TextKind::Link,
            created: newest() - rng.random_range(0..TWO_YEARS),
            upvotes,
            downvotes,
        });
    }
    for item in 0..scale.other_posts() {
        let forum = rng.random_range(0..FORUMS.len());
        let topic = FORUMS[forum].topics.choose(rng).copied().unwrap_or("this");
        let template = TEXT_TITLES.choose(rng).copied().unwrap_or("{topic}");
        let title = fill(template, topic, topic);
        let link = rng.random_bool(0.25);
        let length = rng.random_range(2..6);
        let item = u64::from(item);
        let kind = writer.text_kind(item, &title, link);
        // The main stream draws the words it used to draw, so every later fact (authors,
        // times, votes) stays where it was; the words come from the post's own stream.
        let body = if link {
            String::new()
        } else {
            let _ = sentences(rng, topic, length);
            let edited = rng.random_bool(0.3);
            if edited {
                let _ = sentences(rng, topic, 3);
            }
            writer.text_body(item, &FORUMS[forum], topic, kind, length as u32, edited)?
        };
        let (upvotes, downvotes) = votes(rng, 1.5);
        drafts.push(Draft {
            forum,
            user: author(rng),
            title,
            url: link.then(|| {
                format!(
                    "https://news.example.org/{}/{}",
                    FORUMS[forum].name.to_lowercase(),
                    slug_of(topic)
                )
            }),
            body,
            image: None,
            thing: "",
            topic,
            kind,
            created: newest() - rng.random_range(0..TWO_YEARS),
            upvotes,
            downvotes,
        });
    }
    drafts.sort_by_key(|draft| draft.created);
    // VWA's account has a short, believable history: its own few posts.
    for index in [drafts.len() / 3, drafts.len() / 2, drafts.len() * 9 / 10] {
        if let Some(draft) = drafts.get_mut(index) {
            draft.user = 1;
        }
    }
    Ok(drafts)
}

/// The stored name of a seeded picture: a SHA-256 of the seed's spec and position, as
/// Postmill names uploads by their content hash. (A product photo hashes its bare spec, as
/// before pictures had other kinds, so product picture addresses stay the same.)
fn image_name(picture: &Picture, id: usize) -> Result<String, ForumError> {
    let mut hasher = Sha256::new();
    hasher.update(match picture {
        Picture::Product(spec) => serde_json::to_vec(spec)?,
        other => serde_json::to_vec(other)?,
    });
    hasher.update(id.to_le_bytes());
    Ok(hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect())
}

fn insert_submissions(connection: &Connection, drafts: &[Draft]) -> Result<(), ForumError> {
    let mut images =
        connection.prepare("INSERT INTO images (id, name, spec) VALUES (?1, ?2, ?3)")?;
    // The ranking is a placeholder: the schema's trigger works it out (and again as the
    // comments arrive).
    let mut statement = connection.prepare(
        "INSERT INTO submissions (id, forum_id, user_id, title, url, body, image_id, created_at,
             upvotes, downvotes, net_score, ranking, last_active)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?8, ?8)",
    )?;
    let mut image_id = 0i64;
    for (index, draft) in drafts.iter().enumerate() {
        let image = match &draft.image {
            Some(spec) => {
                image_id += 1;
                images.execute(params![
                    image_id,
                    image_name(spec, index)?,
                    serde_json::to_string(spec)?
                ])?;
                Some(image_id)
            }
            None => None,
        };
        let net = draft.upvotes - draft.downvotes;
        statement.execute(params![
            index as i64 + 1,
            draft.forum as i64 + 1,
            draft.user,
            draft.title,
            draft.url,
            draft.body,
            image,
            draft.created,
            draft.upvotes,
            draft.downvotes,
            net,
        ])?;
    }
    Ok(())
}

/// How many comments each submission gets: a heavy tail, busy threads, and exactly `total`.
fn comment_counts(rng: &mut ChaCha8Rng, submissions: usize, total: u32) -> Vec<u32> {
    let mut counts: Vec<u32> = (0..submissions)
        .map(|index| {
            if index % MEGATHREAD_EVERY == MEGATHREAD_EVERY / 2 {
                MEGATHREAD_COMMENTS
            } else {
                let draw: f64 = rng.random_range(0.0..1.0);
                (0.9 * (1.0 / (draw + 0.03) - 1.0)) as u32
            }
        })
        .collect();
    let mut sum: u64 = counts.iter().map(|count| u64::from(*count)).sum();
    while sum > u64::from(total) {
        let index = rng.random_range(0..submissions);
        if counts[index] > 0 && counts[index] != MEGATHREAD_COMMENTS {
            counts[index] -= 1;
            sum -= 1;
        }
    }
    while sum < u64::from(total) {
        counts[rng.random_range(0..submissions)] += 1;
        sum += 1;
    }
    counts
}

fn insert_comments(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    writer: &text::Writer,
    drafts: &[Draft],
    (scale, users): (Scale, u32),
    corpus: &mut kit::prose::Corpus,
) -> Result<(u32, u32), ForumError> {
    let mut statement = connection.prepare(
        "INSERT INTO comments (id, submission_id, parent_id, user_id, body, created_at, upvotes, downvotes, net_score)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut update = connection
        .prepare("UPDATE submissions SET comment_count = ?2, last_active = ?3 WHERE id = ?1")?;
    let counts = comment_counts(rng, drafts.len(), scale.comments());
    let mut next_id = 1i64;
    let mut deepest = 0u32;
    let mut default_comments = 0;
    for (index, (draft, count)) in drafts.iter().zip(counts).enumerate() {
        if count == 0 {
            continue;
        }
        let topic = FORUMS[draft.forum]
            .topics
            .choose(rng)
            .copied()
            .unwrap_or("this");
        let forum = &FORUMS[draft.forum];
        let talk = match &draft.image {
            Some(picture) => writer.picture_thread(forum, picture, draft.thing),
            None => writer.text_thread(forum, draft.topic, draft.kind),
        };
        // (id, level) of this thread's comments so far, and what each said.
        let mut thread: Vec<(i64, u32)> = Vec::with_capacity(count as usize);
        let mut said: Vec<text::Said> = Vec::with_capacity(count as usize);
        let first_id = next_id;
        let mut time = draft.created;
        let newest = newest();
        for position in 0..count {
            time += rng.random_range(60..7_200);
            // Late threads stop at the clock, each later comment a second after the last.
            let stamp = time.min(newest - i64::from(count - 1 - position));
            // Busy threads start with a reply chain to the deepest level.
            let parent =
                if count >= MEGATHREAD_COMMENTS && position > 0 && position < MAX_SEEDED_DEPTH {
                    thread.last().copied()
                } else if thread.is_empty() || rng.random_bool(0.4) {
                    None
                } else {
                    let recent = thread.len().saturating_sub(6);
                    thread[recent..]
                        .choose(rng)
                        .copied()
                        .filter(|(_, level)| *level < MAX_SEEDED_DEPTH)
                };
            let level = parent.map_or(1, |(_, level)| level + 1);
            deepest = deepest.max(level);
            let user = if default_comments < 12 && rng.random_bool(0.001) {
                default_comments += 1;
                1
            } else {
                rng.random_range(2..=i64::from(users))
            };
            let (upvotes, downvotes) = votes(rng, 0.6);
            let length = rng.random_range(1..4);
            // The main stream draws the words it used to, so later facts stay put.
            let _ = sentences(rng, topic, length);
            let answered = parent.map(|(id, _)| &said[(id - first_id) as usize]);
            let written = writer.comment(next_id as u64, &talk, answered, user)?;
            corpus.add(&written.text);
            statement.execute(params![
                next_id,
                index as i64 + 1,
                parent.map(|(id, _)| id),
                user,
                written.text,
                stamp,
                upvotes,
                downvotes,
                upvotes - downvotes
            ])?;
            thread.push((next_id, level));
            said.push(written.said);
            next_id += 1;
        }
        update.execute(params![index as i64 + 1, count, time.min(newest)])?;
    }
    Ok(((next_id - 1) as u32, deepest))
}

fn insert_messages(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    users: u32,
) -> Result<(), ForumError> {
    let mut thread = connection.prepare(
        "INSERT INTO message_threads (id, title, sender_id, receiver_id, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut message = connection.prepare(
        "INSERT INTO messages (thread_id, sender_id, body, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    let threads = (users / 4).max(8);
    for id in 1..=i64::from(threads) {
        // The first few threads involve VWA's account, so its inbox is not empty.
        let sender = if id <= 3 {
            1
        } else {
            rng.random_range(2..=i64::from(users))
        };
        let mut receiver = rng.random_range(2..=i64::from(users));
        if receiver == sender {
            receiver = if sender == 2 { 3 } else { 2 };
        }
        let (sender, receiver) = if id == 2 {
            (receiver, 1)
        } else {
            (sender, receiver)
        };
        let mut time = newest() - rng.random_range(0..TWO_YEARS);
        let title = MESSAGE_TITLES.choose(rng).copied().unwrap_or("Hello");
        let replies = rng.random_range(1..4);
        thread.execute(params![id, title, sender, receiver, time])?;
        for turn in 0..replies {
            let from = if turn % 2 == 0 { sender } else { receiver };
            let body = MESSAGE_BODIES.choose(rng).copied().unwrap_or("Hi!");
            let stamp = time.min(newest() - i64::from(replies - 1 - turn));
            message.execute(params![id, from, body, stamp])?;
            time += rng.random_range(600..86_400);
        }
        connection.execute(
            "UPDATE message_threads SET updated_at = ?2 WHERE id = ?1",
            params![id, time.min(newest())],
        )?;
    }
    Ok(())
}
