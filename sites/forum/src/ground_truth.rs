//! The forum's generator queries (`agora tasks generate`): instances of task templates read
//! from the seeded base data through the forum's own listings, as the default account sees
//! them.
//!
//! Slots of a submission: `id`, `title`, `author`, `score`, `comments`, `date`
//! (`YYYY-MM-DD`), `path` (`/f/<forum>/<id>/<slug>`), `post_path` (`/f/<forum>/<id>`),
//! `forum`, `forum_title`, and for image posts what the picture shows
//! ([`kit::ground_truth::picture_slots`]). With `ranked`, also the listing's `sort`
//! (`top`), `sort_label` (`Top`), `ranking` (`highest-scoring`), `rank`, `ordinal` (empty,
//! `second`, `third`), `described` (`second newest post`), `listing_path`, the oldest comment's `first_comment_id`,
//! `first_comment_author`, the best-scored comment's `top_comment_id`, `top_comment_author`,
//! `top_comment_body`, `top_comment_score`, and the author's most commented post
//! (`author_top_id`, `author_top_path`, `author_top_forum`).
//! Slots of a forum: `forum`, `forum_title`, `description`, `subscribers`, `submissions`.

use crate::db::listing::{self, Scope, Sort, Window};
use crate::db::submissions::Submission;
use crate::db::{comments, forums, images, users};
use crate::{DEFAULT_USERNAME, ForumSite};
use imagery::Picture;
use kit::content::SiteDefinition;
use kit::ground_truth::{
    Candidate, GroundTruth, GroundTruthError, NearMiss, PhotoFact, PictureFile, Slots, parse_query,
    picture_slots,
};
use rusqlite::Connection;
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;

/// Submissions a listing shows before a visitor must scroll (the gold paths click in view).
const RANKS_IN_VIEW: usize = 3;

/// The forum generator queries, as templates name them (`name = "ranked"`).
#[derive(Debug, Deserialize)]
#[serde(tag = "name", rename_all = "snake_case", deny_unknown_fields)]
enum Query {
    /// The submission at each rank (1 to `ranks`) of every forum in each of `sorts`.
    Ranked {
        /// The listings' sorts.
        sorts: Vec<SortName>,
        /// How deep into each listing (at most 3).
        #[serde(default = "first_only")]
        ranks: usize,
        /// Only submissions with this kind of picture.
        #[serde(default)]
        picture: Option<PictureType>,
    },
    /// Every image post of a kind, told apart by its picture (among every forum's posts, or
    /// only its own forum's when the intent names the forum).
    Picture {
        /// The kind of picture.
        picture: PictureType,
        /// Whether look-alikes count only in the post's own forum.
        #[serde(default)]
        same_forum: bool,
    },
    /// Every forum, or those the default account does (not) subscribe to.
    Forum {
        /// Only forums with this subscription state.
        #[serde(default)]
        subscribed: Option<bool>,
    },
}

fn first_only() -> usize {
    1
}

/// The sorts templates rank by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum SortName {
    /// Highest net score of all time.
    Top,
    /// Newest.
    New,
    /// Most comments of all time.
    MostCommented,
}

impl SortName {
    fn sort(self) -> Sort {
        match self {
            SortName::Top => Sort::Top,
            SortName::New => Sort::New,
            SortName::MostCommented => Sort::MostCommented,
        }
    }

    /// How an intent names the first of the listing.
    fn ranking(self) -> &'static str {
        match self {
            SortName::Top => "highest-scoring",
            SortName::New => "newest",
            SortName::MostCommented => "most commented",
        }
    }

    /// How an intent names the post at `rank` (0-based): "highest-scoring post of all time",
    /// "second newest post".
    fn described(self, rank: usize) -> String {
        let ordinal = ["", "second ", "third "].get(rank).copied().unwrap_or("");
        let all_time = if self == SortName::New {
            ""
        } else {
            " of all time"
        };
        format!("{ordinal}{} post{all_time}", self.ranking())
    }

    /// The value the listing sorts by: equal values make the order arbitrary.
    fn key(self, submission: &Submission) -> i64 {
        match self {
            SortName::Top => submission.net_score,
            SortName::New => submission.created_at,
            SortName::MostCommented => submission.comment_count,
        }
    }
}

/// The kinds of picture image posts show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum PictureType {
    /// A product photo.
    Product,
    /// A chart.
    Chart,
    /// A captioned photo.
    Meme,
    /// An outdoor scene with animals.
    Landscape,
}

impl PictureType {
    fn holds(self, picture: &Picture) -> bool {
        matches!(
            (self, picture),
            (PictureType::Product, Picture::Product(_))
                | (PictureType::Chart, Picture::Chart(_))
                | (PictureType::Meme, Picture::Meme(_))
                | (PictureType::Landscape, Picture::Landscape(_))
        )
    }
}

/// Whether a person would take one picture for the other.
fn alike(a: &Picture, b: &Picture) -> bool {
    match (a, b) {
        (Picture::Product(a), Picture::Product(b)) => PhotoFact::Look.same(a, b),
        (Picture::Chart(a), Picture::Chart(b)) => {
            a.title == b.title && a.kind == b.kind && a.labels == b.labels && a.values == b.values
        }
        (Picture::Meme(a), Picture::Meme(b)) => {
            a.top == b.top && a.bottom == b.bottom && a.subject == b.subject && a.colour == b.colour
        }
        (Picture::Landscape(a), Picture::Landscape(b)) => {
            a.animal == b.animal && a.count == b.count && a.time == b.time && a.weather == b.weather
        }
        _ => false,
    }
}

/// A coarse key that look-alike pictures share (their drawing, title, captions or scene).
fn bucket(picture: &Picture) -> String {
    match picture {
        Picture::Product(spec) => format!("product {:?}", spec.model),
        Picture::Chart(chart) => format!("chart {}", chart.title),
        Picture::Meme(meme) => format!("meme {} {}", meme.top, meme.bottom),
        Picture::Landscape(scene) => format!("landscape {:?} {}", scene.animal, scene.count),
    }
}

/// The forum ground truth over the base file.
pub struct ForumTruth {
    connection: Connection,
    viewer: i64,
    now: i64,
    pictures: HashMap<String, Picture>,
}

fn read(error: impl std::fmt::Display) -> GroundTruthError {
    GroundTruthError::Read(error.to_string())
}

impl ForumTruth {
    /// Opens `data_dir/forum.sqlite` read-only.
    pub fn open(data_dir: &Path) -> Result<Self, GroundTruthError> {
        let connection =
            kit::ground_truth::open_base(data_dir, <ForumSite as SiteDefinition>::BASE_FILE)?;
        let (viewer, _) = users::by_name(&connection, DEFAULT_USERNAME)
            .map_err(read)?
            .ok_or_else(|| GroundTruthError::Read(format!("no user {DEFAULT_USERNAME}")))?;
        // The site clock, as the pages read it.
        let now = kit::clock::now();
        let mut pictures = HashMap::new();
        let mut statement = connection
            .prepare("SELECT name, spec FROM images WHERE spec IS NOT NULL")
            .map_err(read)?;
        let rows = statement
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })
            .map_err(read)?;
        for row in rows {
            let (name, spec) = row.map_err(read)?;
            if let Ok(picture) = images::parse(&spec) {
                pictures.insert(name, picture);
            }
        }
        drop(statement);
        Ok(Self {
            connection,
            viewer: viewer.id,
            now,
            pictures,
        })
    }

    fn picture_of(&self, submission: &Submission) -> Option<&Picture> {
        submission
            .image
            .as_ref()
            .and_then(|name| self.pictures.get(name))
    }

    fn slots(&self, submission: &Submission, forum: &forums::Forum) -> Slots {
        let mut slots = Slots::new();
        let mut put = |name: &str, value: String| {
            slots.insert(name.to_owned(), value);
        };
        put("id", submission.id.to_string());
        put("title", submission.title.clone());
        put("author", submission.username.clone());
        put("score", submission.net_score.to_string());
        put("comments", submission.comment_count.to_string());
        put("date", submission.created_iso.chars().take(10).collect());
        put("ago", kit::clock::ago(submission.created_at));
        put("path", submission.path());
        put(
            "post_path",
            format!("/f/{}/{}", submission.forum, submission.id),
        );
        put("forum", forum.name.clone());
        put("forum_title", forum.title.clone());
        if let Some(picture) = self.picture_of(submission) {
            picture_slots(picture, &mut slots);
        }
        slots
    }

    fn picture_file(&self, submission: &Submission) -> Option<PictureFile> {
        let name = submission.image.as_ref()?;
        Some(PictureFile {
            name: format!("forum_picture_{}.png", &name[..name.len().min(16)]),
            picture: self.pictures.get(name)?.clone(),
            width: <ForumSite as SiteDefinition>::IMAGES.width,
            height: <ForumSite as SiteDefinition>::IMAGES.height,
        })
    }

    fn listing(&self, scope: Scope, sort: Sort) -> Result<Vec<Submission>, GroundTruthError> {
        Ok(listing::page(
            &self.connection,
            scope,
            sort,
            Window::All,
            None,
            self.viewer,
            self.now,
        )
        .map_err(read)?
        .submissions)
    }

    fn ranked(
        &self,
        sorts: &[SortName],
        ranks: usize,
        picture: Option<PictureType>,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        let ranks = ranks.clamp(1, RANKS_IN_VIEW);
        let mut candidates = Vec::new();
        for forum in forums::all_by_name(&self.connection).map_err(read)? {
            for sort in sorts {
                let listed = self.listing(Scope::Forum(forum.id), sort.sort())?;
                for rank in 0..ranks.min(listed.len()) {
                    let target = &listed[rank];
                    if let Some(kind) = picture
                        && !self
                            .picture_of(target)
                            .is_some_and(|shown| kind.holds(shown))
                    {
                        continue;
                    }
                    candidates.push(self.ranked_candidate(&forum, *sort, &listed, rank)?);
                }
            }
        }
        Ok(candidates)
    }

    fn ranked_candidate(
        &self,
        forum: &forums::Forum,
        sort: SortName,
        listed: &[Submission],
        rank: usize,
    ) -> Result<Candidate, GroundTruthError> {
        let target = &listed[rank];
        let mut slots = self.slots(target, forum);
        let mut put = |name: &str, value: String| {
            slots.insert(name.to_owned(), value);
        };
        put("sort", sort.sort().segment().to_owned());
        put("sort_label", sort.sort().label().to_owned());
        put("ranking", sort.ranking().to_owned());
        put("rank", (rank + 1).to_string());
        put("ordinal", ["", "second", "third"][rank].to_owned());
        put("described", sort.described(rank));
        put(
            "listing_path",
            format!("/f/{}/{}", forum.name, sort.sort().segment()),
        );
        let thread =
            comments::of_submission(&self.connection, target.id, self.viewer).map_err(read)?;
        let live: Vec<&comments::Comment> =
            thread.iter().filter(|comment| !comment.deleted).collect();
        if let Some(first) = live.first() {
            put("first_comment_id", first.id.to_string());
            put("first_comment_author", first.username.clone());
        }
        let best = live.iter().map(|comment| comment.net_score).max();
        let tops: Vec<&&comments::Comment> = live
            .iter()
            .filter(|comment| Some(comment.net_score) == best)
            .collect();
        if let [top] = tops.as_slice() {
            put("top_comment_id", top.id.to_string());
            put("top_comment_author", top.username.clone());
            put("top_comment_body", top.body.clone());
            put("top_comment_score", top.net_score.to_string());
        }
        if let Some(most) = self
            .listing(Scope::User(target.user_id), Sort::MostCommented)?
            .first()
        {
            put("author_top_id", most.id.to_string());
            put("author_top_path", most.path());
            put("author_top_forum", most.forum.clone());
        }
        let key = sort.key(target);
        let tied: Vec<i64> = listed
            .iter()
            .filter(|other| sort.key(other) == key)
            .map(|other| other.id)
            .collect();
        let mut candidate = Candidate::new(slots);
        candidate.matching = tied.len();
        candidate.matching_note = format!(
            "{} posts of /f/{}/{} share its place ({})",
            tied.len(),
            forum.name,
            sort.sort().segment(),
            tied.iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        candidate.text = format!("{}\n{}", target.title, target.body);
        if let Some(file) = self.picture_file(target) {
            candidate.pictures.insert("picture".into(), file);
        }
        for (place, why) in [
            (rank + 1, "the next post"),
            (rank.wrapping_sub(1), "the post before it"),
        ] {
            if let Some(other) = listed.get(place) {
                let mut slots = self.slots(other, forum);
                slots.insert("rank".into(), (place + 1).to_string());
                candidate.near_misses.push(NearMiss {
                    why: format!(
                        "post {} ({why} in /f/{}/{}, \"{}\")",
                        other.id,
                        forum.name,
                        sort.sort().segment(),
                        other.title
                    ),
                    slots,
                });
            }
        }
        Ok(candidate)
    }

    fn picture_posts(
        &self,
        kind: PictureType,
        same_forum: bool,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        let forums: HashMap<i64, forums::Forum> = forums::all_by_name(&self.connection)
            .map_err(read)?
            .into_iter()
            .map(|forum| (forum.id, forum))
            .collect();
        let mut posts: Vec<Submission> = Vec::new();
        for forum in forums.values() {
            posts.extend(
                self.all_of(forum.id)?
                    .into_iter()
                    .filter(|post| self.picture_of(post).is_some_and(|shown| kind.holds(shown))),
            );
        }
        posts.sort_by_key(|post| post.id);
        // Look-alikes share a bucket; only a bucket's posts are compared.
        let mut buckets: HashMap<String, Vec<usize>> = HashMap::new();
        let mut by_forum: HashMap<i64, Vec<usize>> = HashMap::new();
        for (index, post) in posts.iter().enumerate() {
            if let Some(picture) = self.picture_of(post) {
                buckets.entry(bucket(picture)).or_default().push(index);
            }
            by_forum.entry(post.forum_id).or_default().push(index);
        }
        let mut candidates = Vec::new();
        for post in &posts {
            let (Some(forum), Some(picture)) = (forums.get(&post.forum_id), self.picture_of(post))
            else {
                continue;
            };
            let look_alikes: Vec<i64> = buckets
                .get(&bucket(picture))
                .into_iter()
                .flatten()
                .map(|index| &posts[*index])
                .filter(|other| !same_forum || other.forum_id == post.forum_id)
                .filter(|other| {
                    self.picture_of(other)
                        .is_some_and(|other| alike(picture, other))
                })
                .map(|other| other.id)
                .collect();
            let mut candidate = Candidate::new(self.slots(post, forum));
            candidate.matching = look_alikes.len();
            candidate.matching_note = format!(
                "{} posts show a picture like it ({})",
                look_alikes.len(),
                look_alikes
                    .iter()
                    .take(6)
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            candidate.text = format!("{}\n{}", post.title, post.body);
            if let Some(file) = self.picture_file(post) {
                candidate.pictures.insert("picture".into(), file);
            }
            candidate.near_misses = by_forum
                .get(&post.forum_id)
                .into_iter()
                .flatten()
                .map(|index| &posts[*index])
                .filter(|other| other.id != post.id)
                .take(2)
                .map(|other| NearMiss {
                    why: format!(
                        "post {}: another picture post of /f/{}",
                        other.id, forum.name
                    ),
                    slots: self.slots(other, forum),
                })
                .collect();
            candidates.push(candidate);
        }
        Ok(candidates)
    }

    /// Every live submission of a forum (image posts' pictures are what matter here).
    fn all_of(&self, forum_id: i64) -> Result<Vec<Submission>, GroundTruthError> {
        let mut all = Vec::new();
        let mut from = None;
        loop {
            let page = listing::page(
                &self.connection,
                Scope::Forum(forum_id),
                Sort::New,
                Window::All,
                from,
                self.viewer,
                self.now,
            )
            .map_err(read)?;
            all.extend(page.submissions);
            match page.next {
                Some(next) => from = Some(next),
                None => return Ok(all),
            }
        }
    }

    fn forums(&self, subscribed: Option<bool>) -> Result<Vec<Candidate>, GroundTruthError> {
        let mine = forums::subscriptions_of(&self.connection, self.viewer).map_err(read)?;
        let all = forums::all_by_name(&self.connection).map_err(read)?;
        let slots_of = |forum: &forums::Forum| {
            Slots::from([
                ("forum".to_owned(), forum.name.clone()),
                ("forum_title".to_owned(), forum.title.clone()),
                ("description".to_owned(), forum.description.clone()),
                ("subscribers".to_owned(), forum.subscribers.to_string()),
                ("submissions".to_owned(), forum.submissions.to_string()),
            ])
        };
        // Near misses are neighbours among the forums the query keeps: subscribing to a
        // forum the viewer already follows could not be replayed as a decoy.
        let kept: Vec<&forums::Forum> = all
            .iter()
            .filter(|forum| subscribed.is_none_or(|wanted| mine.contains(&forum.name) == wanted))
            .collect();
        Ok(kept
            .iter()
            .copied()
            .enumerate()
            .map(|(place, forum)| {
                let mut candidate = Candidate::new(slots_of(forum));
                candidate.text = format!("{}\n{}", forum.title, forum.description);
                candidate.near_misses = [place + 1, place.wrapping_sub(1)]
                    .into_iter()
                    .filter_map(|other| kept.get(other).copied())
                    .map(|other| NearMiss {
                        why: format!("/f/{}, its neighbour in the list of forums", other.name),
                        slots: slots_of(other),
                    })
                    .collect();
                candidate
            })
            .collect())
    }
}

impl GroundTruth for ForumTruth {
    fn candidates(
        &mut self,
        query: &serde_json::Value,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        match parse_query::<Query>(query)? {
            Query::Ranked {
                sorts,
                ranks,
                picture,
            } => self.ranked(&sorts, ranks, picture),
            Query::Picture {
                picture,
                same_forum,
            } => self.picture_posts(picture, same_forum),
            Query::Forum { subscribed } => self.forums(subscribed),
        }
    }
}
