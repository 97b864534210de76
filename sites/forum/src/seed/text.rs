//! The words of seeded posts and comments, from the grammars in `data/`: text posts titled
//! and written about their forum's subject, and comments that fit their post — a comment
//! under a photo talks about the thing in it, under a question it answers — and answer the
//! comment they reply to (a question gets an answer, an opinion agreement or pushback), in
//! the commenter's own register, typos included.
//!
//! Every text is drawn from a random stream of its own (the item's number and a salt), so
//! the seed's main stream — ids, authors, times, votes, pictures — is the same whatever the
//! words are.

use super::vocabulary::ForumSeed;
use imagery::Picture;
use kit::prose::{self, Bindings, Grammar, GrammarError, Name, Register, Scope};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The grammar files, in load order.
pub const FILES: [(&str, &str); 9] = [
    (
        "comments.grammar",
        include_str!("../../data/comments.grammar"),
    ),
    (
        "pictures.grammar",
        include_str!("../../data/pictures.grammar"),
    ),
    ("posts.grammar", include_str!("../../data/posts.grammar")),
    (
        "lexicon-places.grammar",
        include_str!("../../data/lexicon-places.grammar"),
    ),
    (
        "lexicon-tech.grammar",
        include_str!("../../data/lexicon-tech.grammar"),
    ),
    (
        "lexicon-media.grammar",
        include_str!("../../data/lexicon-media.grammar"),
    ),
    (
        "lexicon-life.grammar",
        include_str!("../../data/lexicon-life.grammar"),
    ),
    (
        "lexicon-topics.grammar",
        include_str!("../../data/lexicon-topics.grammar"),
    ),
    (
        "lexicon-names.grammar",
        include_str!("../../data/lexicon-names.grammar"),
    ),
];

/// The humour, animal, nature and knowledge forums' words (a file of their own: it is long).
const FUN: (&str, &str) = (
    "lexicon-fun.grammar",
    include_str!("../../data/lexicon-fun.grammar"),
);

/// Salts of the text streams: one per kind of text.
const POST_SALT: u64 = 0x7E47_0001;
const COMMENT_SALT: u64 = 0x7E47_0002;
const WRITER_SALT: u64 = 0x7E47_0003;

/// The forums whose lexicons share a group's words (`g/<group>`), by forum name.
pub fn group(forum: &str) -> &'static str {
    match forum {
        "nyc" | "boston" | "pittsburgh" | "washingtondc" | "Washington" | "newhampshire"
        | "Maine" | "Newark" | "jerseycity" | "ColumbiaMD" | "springfieldMO" | "newhaven"
        | "arlingtonva" | "baltimore" | "philadelphia" => "city",
        "gaming"
        | "consoles"
        | "MechanicalKeyboards"
        | "headphones"
        | "iphone"
        | "gadgets"
        | "monitor"
        | "technology" => "tech",
        "Music" | "movies" | "books" | "Art" | "photography" | "history" => "media",
        "food" | "houseplants" | "DIY" | "bicycling" | "cars" | "sports" | "GetMotivated" => {
            "hobby"
        }
        "personalfinance" | "wallstreetbets" => "money",
        "aww" | "cats" | "dogs" => "pets",
        "space" | "science" | "explainlikeimfive" | "dataisbeautiful" | "worldnews" => "knowledge",
        _ => "humor",
    }
}

/// The kind family (`k/<family>`) of a product photo's thing, by the noun its title uses.
pub fn family(thing: &str) -> &'static str {
    match thing {
        "car" | "sedan" | "hatchback" | "pickup truck" | "suv" | "minivan" | "motorcycle" => {
            "vehicle"
        }
        "bicycle" | "road bike" | "mountain bike" | "city bike" | "folding bike" | "e-bike" => {
            "bike"
        }
        "kayak" => "boat",
        "phone" | "smartphone" | "phone case" | "wallet case" | "laptop" | "tablet"
        | "e-reader" | "smartwatch" | "power bank" | "webcam" | "projector" => "device",
        "television" | "monitor" | "curved monitor" => "screen",
        "over-ear headphone"
        | "headset"
        | "on-ear headphone"
        | "headphone amplifier"
        | "gaming headset"
        | "speaker"
        | "portable speaker"
        | "turntable" => "audio",
        "mechanical keyboard"
        | "compact keyboard"
        | "full-size keyboard"
        | "ergonomic keyboard"
        | "gaming mouse" => "keyboard",
        "sofa" | "chair" | "table" | "gaming chair" => "furniture",
        "lamp" => "lamp",
        "jacket" | "shoes" | "running shoe" => "clothing",
        "guitar" | "bass guitar" | "ukulele" | "guitar amplifier" => "instrument",
        "book" | "novel" => "book",
        "coffee mug" | "tea kettle" | "stock pot" | "saucepan" => "kitchen",
        "dslr camera" | "instant camera" | "compact camera" => "camera",
        "hammer" | "power drill" | "toolbox" => "tool",
        "basketball" | "soccer ball" | "tennis racket" | "dumbbell" => "sport",
        _ => "other",
    }
}

/// What a comment does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Says the post or the thing is good.
    Praise,
    /// Asks something.
    Question,
    /// Answers a question.
    Answer,
    /// Tells what happened to the writer or someone they know.
    Story,
    /// Says what the writer thinks.
    Opinion,
    /// Agrees with the comment above.
    Agree,
    /// Disagrees with it.
    Disagree,
    /// Asks the comment above to say more.
    AskBack,
    /// Jokes.
    Joke,
    /// Thanks the comment above.
    Thanks,
    /// Reacts to it.
    Reaction,
    /// Gives advice.
    Tip,
}

impl Move {
    const ALL: [Move; 12] = [
        Move::Praise,
        Move::Question,
        Move::Answer,
        Move::Story,
        Move::Opinion,
        Move::Agree,
        Move::Disagree,
        Move::AskBack,
        Move::Joke,
        Move::Thanks,
        Move::Reaction,
        Move::Tip,
    ];

    fn rule(self) -> &'static str {
        match self {
            Move::Praise => "praise",
            Move::Question => "question",
            Move::Answer => "answer",
            Move::Story => "story",
            Move::Opinion => "opinion",
            Move::Agree => "agree",
            Move::Disagree => "disagree",
            Move::AskBack => "askback",
            Move::Joke => "joke",
            Move::Thanks => "thanks",
            Move::Reaction => "reaction",
            Move::Tip => "tip",
        }
    }
}

/// What a text post is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// It asks.
    Question,
    /// It opens a discussion.
    Discussion,
    /// It tells a story.
    Story,
    /// It shares a link.
    Link,
}

/// What a post is, as its comments see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PostKind {
    Product,
    Scene,
    Chart,
    Meme,
    Text(TextKind),
}

/// What a comment said, for the replies to it.
#[derive(Debug, Clone)]
pub struct Said {
    act: Move,
    picture: bool,
    focus: String,
}

/// A comment's words: as written, and as meant before the writer's register and typos.
#[derive(Debug, Clone)]
pub struct Written {
    /// The text as posted.
    pub text: String,
    /// The same before the register: the words the writer meant.
    pub meant: String,
    /// What it said, for replies.
    pub said: Said,
}

/// The facts of one post its comments may use: never a fact only its picture shows.
#[derive(Debug, Clone)]
pub struct Thread {
    scope: Scope,
    bindings: Bindings,
    kind: PostKind,
    /// What the post is about, as replies name it ("the bike", "the inclines").
    about: String,
}

#[derive(Debug, Clone, Copy)]
struct Names {
    subject: Name,
    focus: Name,
    parent_focus: Name,
    forum: Name,
    it: Name,
    thing: Name,
    more: Name,
    paragraph: Name,
    body_open: Name,
    body_more: Name,
    body_close: Name,
    edit_point: Name,
    titles: [Name; 4],
    moves: [Name; 12],
    picture_moves: [Name; 12],
}

/// The forum's grammar, loaded once per seed.
#[derive(Debug)]
pub struct Writer {
    grammar: Grammar,
    names: Names,
    seed: u64,
}

impl Writer {
    /// The grammar of every file, for the seed `seed`.
    pub fn new(seed: u64) -> Result<Self, GrammarError> {
        let mut grammar = Grammar::new();
        for (file, text) in FILES.iter().chain(std::iter::once(&FUN)) {
            grammar.load(file, text)?;
        }
        let moves = Move::ALL.map(|act| grammar.name(act.rule()));
        let picture_moves = Move::ALL.map(|act| grammar.name(&format!("pic_{}", act.rule())));
        let names = Names {
            subject: grammar.name("subject"),
            focus: grammar.name("focus"),
            parent_focus: grammar.name("parent_focus"),
            forum: grammar.name("forum"),
            it: grammar.name("it"),
            thing: grammar.name("thing"),
            more: grammar.name("more"),
            paragraph: grammar.name("paragraph"),
            body_open: grammar.name("body_open"),
            body_more: grammar.name("body_more"),
            body_close: grammar.name("body_close"),
            edit_point: grammar.name("edit_point"),
            titles: [
                grammar.name("title_question"),
                grammar.name("title_discussion"),
                grammar.name("title_story"),
                grammar.name("title_link"),
            ],
            moves,
            picture_moves,
        };
        Ok(Self {
            grammar,
            names,
            seed,
        })
    }

    /// The grammar (for tests over every scope).
    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    fn scope_of(&self, forum: &str, first: &[&str]) -> Scope {
        let forum_scope = format!("f/{forum}");
        let group_scope = format!("g/{}", group(forum));
        let mut chain: Vec<&str> = first.to_vec();
        chain.push(&forum_scope);
        chain.push(&group_scope);
        self.grammar.scope(&chain)
    }

    fn base_bindings(&self, forum: &ForumSeed) -> Bindings {
        let mut bindings = Bindings::new();
        bindings.set_one(self.names.forum, forum.name);
        bindings
    }

    /// What text post number `item`, titled `title`, is: a link, a question when its title
    /// asks, else a discussion or a story (from the post's own stream).
    pub fn text_kind(&self, item: u64, title: &str, link: bool) -> TextKind {
        if link {
            return TextKind::Link;
        }
        if title.trim_end().ends_with('?') {
            return TextKind::Question;
        }
        let mut rng = prose::stream(self.seed, POST_SALT ^ 0xF00D, item);
        if rng.random_bool(0.55) {
            TextKind::Discussion
        } else {
            TextKind::Story
        }
    }

    /// A title for text post number `item` in `forum` about `topic` (the seed keeps its
    /// older titles, which tasks name; new kinds of post may use these).
    pub fn text_title(
        &self,
        item: u64,
        forum: &ForumSeed,
        topic: &str,
        kind: TextKind,
    ) -> Result<String, GrammarError> {
        let mut rng = prose::stream(self.seed, POST_SALT ^ 0x7171, item);
        let scope = self.scope_of(forum.name, &[]);
        let mut bindings = self.base_bindings(forum);
        bindings.set_one(self.names.focus, topic);
        bindings.set_one(self.names.subject, topic);
        bindings.set_one(self.names.parent_focus, topic);
        let title_rule = self.names.titles[kind as usize];
        Ok(capitalised(
            &self
                .grammar
                .expand(title_rule, &scope, &bindings, &mut rng)?,
        ))
    }

    /// The Markdown body of text post number `item` in `forum` about `topic`: `sentences`
    /// sentences (and a closing one now and then) in the author's register, with an edit
    /// note of three points when `edited`.
    pub fn text_body(
        &self,
        item: u64,
        forum: &ForumSeed,
        topic: &str,
        kind: TextKind,
        sentences: u32,
        edited: bool,
    ) -> Result<String, GrammarError> {
        let mut rng = prose::stream(self.seed, POST_SALT, item);
        let scope = self.scope_of(forum.name, &[]);
        let mut bindings = self.base_bindings(forum);
        bindings.set_one(self.names.focus, topic);
        bindings.set_one(self.names.subject, topic);
        bindings.set_one(self.names.parent_focus, topic);
        if kind == TextKind::Link {
            return Ok(String::new());
        }
        let author = Register::of_writer(rng.random());
        let mut parts = vec![self.sentence(self.names.body_open, &scope, &bindings, &mut rng)?];
        for _ in 1..sentences {
            parts.push(self.sentence(self.names.body_more, &scope, &bindings, &mut rng)?);
        }
        if rng.random_bool(0.6) {
            parts.push(self.sentence(self.names.body_close, &scope, &bindings, &mut rng)?);
        }
        let mut body = author.write(&parts.join(" "), &mut rng);
        if edited {
            let mut point = || self.sentence(self.names.edit_point, &scope, &bindings, &mut rng);
            let (first, second, third) = (point()?, point()?, point()?);
            body.push_str(&format!(
                "\n\n**Edit:** {}\n\n- {}\n- {}",
                capitalised(&first),
                capitalised(&second),
                capitalised(&third)
            ));
        }
        Ok(body)
    }

    /// The thread of a picture post in `forum` showing `picture`, whose product photo (if
    /// it is one) is titled with `thing`.
    pub fn picture_thread(&self, forum: &ForumSeed, picture: &Picture, thing: &str) -> Thread {
        let mut bindings = self.base_bindings(forum);
        let (kind, scope, subject, it) = match picture {
            Picture::Product(spec) => {
                let subject = if spec.count > 1 && !thing.ends_with('s') {
                    format!("{thing}s")
                } else {
                    thing.to_owned()
                };
                let it = if spec.count > 1 || thing.ends_with('s') {
                    "them"
                } else {
                    "it"
                };
                let family = format!("k/{}", family(thing));
                let scope = self.scope_of(forum.name, &[&family, "post/product"]);
                (PostKind::Product, scope, subject, it)
            }
            Picture::Landscape(spec) => {
                let scope = self.scope_of(forum.name, &["post/scene"]);
                (
                    PostKind::Scene,
                    scope,
                    spec.animal.plural().to_owned(),
                    "them",
                )
            }
            Picture::Chart(_) => {
                let scope = self.scope_of(forum.name, &["post/chart"]);
                (PostKind::Chart, scope, "chart".to_owned(), "it")
            }
            // Memes, and any kind of picture added later, get the meme talk.
            _ => {
                let scope = self.scope_of(forum.name, &["post/meme"]);
                (PostKind::Meme, scope, "meme".to_owned(), "it")
            }
        };
        bindings.set_one(self.names.subject, subject.clone());
        bindings.set_one(self.names.it, it);
        Thread {
            scope,
            bindings,
            kind,
            about: format!("the {subject}"),
        }
    }

    /// The thread of a text post in `forum` about `topic`.
    pub fn text_thread(&self, forum: &ForumSeed, topic: &str, kind: TextKind) -> Thread {
        let mut bindings = self.base_bindings(forum);
        bindings.set_one(self.names.subject, topic);
        bindings.set_one(self.names.it, "it");
        Thread {
            scope: self.scope_of(forum.name, &[]),
            bindings,
            kind: PostKind::Text(kind),
            about: topic.to_owned(),
        }
    }

    /// Comment number `item` in `thread` by user `writer`, replying to `parent` (or to the
    /// post).
    pub fn comment(
        &self,
        item: u64,
        thread: &Thread,
        parent: Option<&Said>,
        writer: i64,
    ) -> Result<Written, GrammarError> {
        let mut rng = prose::stream(self.seed, COMMENT_SALT, item);
        let (act, picture) = match parent {
            None => opening(thread.kind, &mut rng),
            Some(said) => reply(thread.kind, said, &mut rng),
        };
        let picture = picture
            && self.grammar.resolves(
                self.names.picture_moves[act as usize],
                &thread.scope,
                &thread.bindings,
            );
        let mut bindings = thread.bindings.clone();
        let fresh = self
            .grammar
            .expand(self.names.thing, &thread.scope, &bindings, &mut rng)?;
        let focus = match (parent, thread.kind) {
            (Some(said), _) if rng.random_bool(0.65) => said.focus.clone(),
            (None, PostKind::Text(_)) if rng.random_bool(0.6) => thread.about.clone(),
            _ => fresh,
        };
        let parent_focus = parent.map_or_else(|| thread.about.clone(), |said| said.focus.clone());
        bindings.set_one(self.names.focus, focus.clone());
        bindings.set_one(self.names.parent_focus, parent_focus);
        let rule = if picture {
            self.names.picture_moves[act as usize]
        } else {
            self.names.moves[act as usize]
        };
        let mut sentences = vec![self.sentence(rule, &thread.scope, &bindings, &mut rng)?];
        let length = sentence_count(&mut rng);
        for index in 1..length {
            let rule = if index == 3 && length > 4 {
                self.names.paragraph
            } else {
                self.names.more
            };
            let sentence = self.sentence(rule, &thread.scope, &bindings, &mut rng)?;
            sentences.push(if index == 3 && length > 4 {
                format!("\n\n{sentence}")
            } else {
                sentence
            });
        }
        let meant = sentences.join(" ").replace(" \n\n", "\n\n");
        let register = Register::of_writer((writer as u64) ^ WRITER_SALT);
        let text = register.write(&meant, &mut rng);
        let said = Said {
            act,
            picture,
            focus: if picture { thread.about.clone() } else { focus },
        };
        Ok(Written { text, meant, said })
    }

    /// One sentence of `rule`, ending in a full stop unless it ends in a mark already.
    fn sentence(
        &self,
        rule: Name,
        scope: &Scope,
        bindings: &Bindings,
        rng: &mut ChaCha8Rng,
    ) -> Result<String, GrammarError> {
        let mut sentence = self.grammar.expand(rule, scope, bindings, rng)?;
        if !sentence.ends_with(['.', '!', '?', ')', '"']) {
            sentence.push('.');
        }
        Ok(sentence)
    }
}

/// How many sentences a comment has: most one to three, a few long ones.
fn sentence_count(rng: &mut ChaCha8Rng) -> usize {
    match rng.random_range(0..100) {
        0..38 => 1,
        38..68 => 2,
        68..85 => 3,
        85..93 => 4,
        93..97 => 5,
        _ => rng.random_range(6..=9),
    }
}

/// Picks from `(weight, move, about the picture)` choices.
fn choose(choices: &[(u32, Move, bool)], rng: &mut ChaCha8Rng) -> (Move, bool) {
    let total: u32 = choices.iter().map(|(weight, _, _)| weight).sum();
    let mut draw = rng.random_range(0..total.max(1));
    for (weight, act, picture) in choices {
        if draw < *weight {
            return (*act, *picture);
        }
        draw -= weight;
    }
    (Move::Opinion, false)
}

/// What a top-level comment does on a post of `kind`.
fn opening(kind: PostKind, rng: &mut ChaCha8Rng) -> (Move, bool) {
    use Move::*;
    let choices: &[(u32, Move, bool)] = match kind {
        PostKind::Product | PostKind::Scene => &[
            (30, Praise, true),
            (28, Question, true),
            (15, Story, true),
            (12, Opinion, true),
            (5, Joke, true),
            (5, Story, false),
            (5, Opinion, false),
        ],
        PostKind::Chart => &[
            (20, Praise, true),
            (30, Question, true),
            (10, Story, true),
            (25, Opinion, true),
            (5, Joke, true),
            (10, Opinion, false),
        ],
        PostKind::Meme => &[
            (40, Reaction, true),
            (25, Joke, true),
            (15, Opinion, true),
            (10, Praise, true),
            (10, Story, false),
        ],
        PostKind::Text(TextKind::Question) => &[
            (45, Answer, false),
            (15, Tip, false),
            (15, Story, false),
            (10, Question, false),
            (10, Opinion, false),
            (5, Joke, false),
        ],
        PostKind::Text(TextKind::Discussion) => &[
            (35, Opinion, false),
            (10, Agree, false),
            (10, Disagree, false),
            (20, Story, false),
            (15, Question, false),
            (10, Joke, false),
        ],
        PostKind::Text(TextKind::Story) => &[
            (25, Praise, false),
            (25, Question, false),
            (25, Story, false),
            (15, Opinion, false),
            (10, Joke, false),
        ],
        PostKind::Text(TextKind::Link) => &[
            (45, Opinion, false),
            (20, Question, false),
            (15, Story, false),
            (10, Joke, false),
            (10, Praise, false),
        ],
    };
    choose(choices, rng)
}

/// What a reply to `parent` does.
fn reply(kind: PostKind, parent: &Said, rng: &mut ChaCha8Rng) -> (Move, bool) {
    use Move::*;
    let about_picture = matches!(kind, PostKind::Product | PostKind::Scene) && parent.picture;
    let choices: &[(u32, Move, bool)] = match (parent.act, about_picture) {
        (Question, true) => &[(75, Answer, true), (10, Joke, true), (15, Story, true)],
        (Praise, true) => &[
            (40, Agree, true),
            (25, Thanks, true),
            (15, Joke, true),
            (20, Story, true),
        ],
        (Story, true) => &[
            (30, Story, true),
            (20, Question, true),
            (20, Agree, true),
            (30, Reaction, false),
        ],
        (Answer, true) => &[(40, Question, true), (30, Thanks, false), (30, Joke, true)],
        (Opinion | Agree | Thanks | Joke, true) => &[
            (45, Agree, true),
            (20, Disagree, false),
            (20, Joke, true),
            (15, Story, true),
        ],
        (Question, false) => &[
            (65, Answer, false),
            (15, Story, false),
            (10, Joke, false),
            (10, AskBack, false),
        ],
        (Answer, false) => &[
            (30, Thanks, false),
            (20, Agree, false),
            (20, Disagree, false),
            (20, AskBack, false),
            (10, Story, false),
        ],
        (Tip, false) => &[
            (35, Thanks, false),
            (25, Agree, false),
            (15, Disagree, false),
            (15, AskBack, false),
            (10, Story, false),
        ],
        (Opinion, false) => &[
            (35, Agree, false),
            (35, Disagree, false),
            (20, AskBack, false),
            (10, Joke, false),
        ],
        (Story, false) => &[
            (35, Story, false),
            (30, Question, false),
            (10, Praise, false),
            (15, Joke, false),
            (10, Reaction, false),
        ],
        (Praise, false) => &[
            (45, Agree, false),
            (20, Joke, false),
            (25, Story, false),
            (10, Reaction, false),
        ],
        (Agree, false) => &[
            (25, Agree, false),
            (40, Opinion, false),
            (20, Joke, false),
            (15, Story, false),
        ],
        (Disagree, _) => &[
            (35, Disagree, false),
            (25, AskBack, false),
            (25, Agree, false),
            (15, Opinion, false),
        ],
        (AskBack, _) => &[(80, Answer, false), (20, Story, false)],
        (Joke, false) | (Reaction, _) => &[
            (40, Joke, false),
            (30, Reaction, false),
            (30, Opinion, false),
        ],
        (Thanks, false) => &[(50, Reaction, false), (30, Tip, false), (20, Story, false)],
        (Tip, true) => &[(50, Thanks, false), (50, Agree, false)],
    };
    let (act, picture) = choose(choices, rng);
    // Meme and chart threads keep their own kind of talk where the grammar has it.
    let picture = picture || (matches!(kind, PostKind::Meme | PostKind::Chart) && parent.picture);
    (act, picture)
}

/// `text` with its first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut characters = text.chars();
    characters
        .next()
        .map(|first| first.to_uppercase().chain(characters).collect())
        .unwrap_or_default()
}
