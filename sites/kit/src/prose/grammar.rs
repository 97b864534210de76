//! A grammar of alternatives in a small text format, expanded with a random stream under a
//! scope (the lexicon of one forum, of one kind of goods) and bindings (the facts of one post,
//! one product).
//!
//! ```text
//! # a comment
//! [forum/food]                  rules below belong to this scope; `[]` is the global scope
//! dish = ramen | pho | a(n) <adjective> omelette
//! praise:                       one alternative per indented line
//!     that <dish> looks {great|amazing|unreal}[, honestly]
//!     3* I would eat <dish> every day
//! ```
//!
//! `<name>` is another rule: a binding of that name first, then the rule in each scope of the
//! chain in order, then the global one. `{a|b|}` is one of its alternatives (the empty one
//! included), `[a]` is there half the time, `3*` at the start of an alternative weighs it
//! three times, `a(n)` becomes "a" or "an" by the word after it, `\` takes the next character
//! literally.

use rand::Rng;
use std::collections::HashMap;

/// Why a grammar did not load or expand.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GrammarError {
    /// A line of a grammar file is not in the format.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// The file's name.
        file: String,
        /// Its line (1-based).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A rule refers to a name no binding, scope of the chain or global rule defines.
    #[error("<{name}> is defined in none of the scopes {scopes:?} nor bound")]
    Undefined {
        /// The name.
        name: String,
        /// The scope chain it was looked up in.
        scopes: Vec<String>,
    },
    /// The expansion nested deeper than [`MAX_DEPTH`] (a rule that refers to itself).
    #[error("<{name}> nests deeper than {MAX_DEPTH} rules")]
    TooDeep {
        /// The rule being expanded there.
        name: String,
    },
}

impl GrammarError {
    /// Whether the grammar refers to a name that nothing defines.
    pub fn is_undefined(&self) -> bool {
        matches!(self, Self::Undefined { .. })
    }
}

/// The deepest nesting of rules an expansion may reach.
pub const MAX_DEPTH: usize = 40;

/// An interned rule name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name(u32);

/// An interned scope name (0 is the global scope).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct ScopeId(u32);

const GLOBAL: ScopeId = ScopeId(0);

#[derive(Debug, Clone)]
enum Piece {
    Text(Box<str>),
    Rule(Name),
    /// Alternatives with their cumulative weights.
    Choice(Vec<(u32, Sequence)>),
    Maybe(Sequence),
}

type Sequence = Vec<Piece>;

#[derive(Debug, Clone)]
struct Rule {
    /// Alternatives with their cumulative weights (the last is the total).
    alternatives: Vec<(u32, Sequence)>,
}

/// Loaded grammar files: every rule of every scope.
#[derive(Debug, Default)]
pub struct Grammar {
    names: HashMap<String, Name>,
    spelled: Vec<String>,
    scopes: HashMap<String, ScopeId>,
    scope_names: Vec<String>,
    rules: HashMap<(ScopeId, Name), Rule>,
}

/// Where names are looked up: scopes in order, then the global one.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    chain: Vec<ScopeId>,
}

/// Values bound to names for one expansion (the facts of a post): each a list of literal
/// texts, one chosen per use.
#[derive(Debug, Clone, Default)]
pub struct Bindings {
    values: Vec<(Name, Vec<String>)>,
}

impl Bindings {
    /// No bindings.
    pub fn new() -> Self {
        Self::default()
    }

    /// Binds `name` to these texts (replacing an earlier binding of it).
    pub fn set(&mut self, name: Name, texts: Vec<String>) -> &mut Self {
        match self.values.iter_mut().find(|(bound, _)| *bound == name) {
            Some((_, values)) => *values = texts,
            None => self.values.push((name, texts)),
        }
        self
    }

    /// Binds `name` to one text.
    pub fn set_one(&mut self, name: Name, text: impl Into<String>) -> &mut Self {
        self.set(name, vec![text.into()])
    }

    /// Removes the binding of `name`, if any.
    pub fn unset(&mut self, name: Name) -> &mut Self {
        self.values.retain(|(bound, _)| *bound != name);
        self
    }

    fn get(&self, name: Name) -> Option<&[String]> {
        self.values
            .iter()
            .find(|(bound, _)| *bound == name)
            .map(|(_, values)| values.as_slice())
            .filter(|values| !values.is_empty())
    }
}

impl Grammar {
    /// An empty grammar.
    pub fn new() -> Self {
        let mut grammar = Self::default();
        grammar.scope_id("");
        grammar
    }

    /// Loads the rules of one file (`file` names it in errors). A rule defined twice in one
    /// scope keeps every alternative of both definitions.
    pub fn load(&mut self, file: &str, text: &str) -> Result<&mut Self, GrammarError> {
        let mut scope = GLOBAL;
        let mut open: Option<Name> = None;
        for (index, raw) in text.lines().enumerate() {
            let line_number = index + 1;
            let syntax = |message: &str| GrammarError::Syntax {
                file: file.to_owned(),
                line: line_number,
                message: message.to_owned(),
            };
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indented = raw.starts_with([' ', '\t']);
            if indented {
                let name = open
                    .ok_or_else(|| syntax("an indented alternative must follow a `name:` line"))?;
                let alternatives = parse_alternatives(self, trimmed).map_err(|m| syntax(&m))?;
                self.add(scope, name, alternatives);
                continue;
            }
            open = None;
            if let Some(inner) = trimmed.strip_prefix('[') {
                let name = inner
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("a scope line is `[name]`"))?;
                scope = self.scope_id(name.trim());
                continue;
            }
            if let Some(name) = trimmed.strip_suffix(':')
                && is_name(name.trim())
            {
                let name = self.name(name.trim());
                self.rules.entry((scope, name)).or_insert_with(|| Rule {
                    alternatives: Vec::new(),
                });
                open = Some(name);
                continue;
            }
            let (name, body) = trimmed
                .split_once(" = ")
                .ok_or_else(|| syntax("expected `name = a | b`, `name:`, `[scope]` or `# …`"))?;
            if !is_name(name.trim()) {
                return Err(syntax("a rule name is letters, digits, `_`, `-` and `/`"));
            }
            let name = self.name(name.trim());
            let alternatives = parse_alternatives(self, body.trim()).map_err(|m| syntax(&m))?;
            self.add(scope, name, alternatives);
        }
        Ok(self)
    }

    fn add(&mut self, scope: ScopeId, name: Name, alternatives: Vec<(u32, Sequence)>) {
        let rule = self.rules.entry((scope, name)).or_insert_with(|| Rule {
            alternatives: Vec::new(),
        });
        let mut total = rule.alternatives.last().map_or(0, |(weight, _)| *weight);
        for (weight, sequence) in alternatives {
            total += weight;
            rule.alternatives.push((total, sequence));
        }
    }

    /// The interned name `text` (made on first use).
    pub fn name(&mut self, text: &str) -> Name {
        if let Some(name) = self.names.get(text) {
            return *name;
        }
        let name = Name(self.spelled.len() as u32);
        self.spelled.push(text.to_owned());
        self.names.insert(text.to_owned(), name);
        name
    }

    /// The interned name `text`, if any rule or file mentions it.
    pub fn find_name(&self, text: &str) -> Option<Name> {
        self.names.get(text).copied()
    }

    fn scope_id(&mut self, text: &str) -> ScopeId {
        if let Some(scope) = self.scopes.get(text) {
            return *scope;
        }
        let scope = ScopeId(self.scope_names.len() as u32);
        self.scope_names.push(text.to_owned());
        self.scopes.insert(text.to_owned(), scope);
        scope
    }

    /// A scope chain over these scope names, most specific first (names no file declares
    /// are skipped: they hold no rules).
    pub fn scope(&self, names: &[&str]) -> Scope {
        Scope {
            chain: names
                .iter()
                .filter_map(|name| self.scopes.get(*name).copied())
                .filter(|scope| *scope != GLOBAL)
                .collect(),
        }
    }

    /// Whether `rule` is defined in the scope called `scope` itself (not through the chain).
    pub fn defines(&self, scope: &str, rule: &str) -> bool {
        match (self.scopes.get(scope), self.names.get(rule)) {
            (Some(scope), Some(name)) => self.rules.contains_key(&(*scope, *name)),
            _ => false,
        }
    }

    /// Every rule name defined in the scope called `scope`.
    pub fn rules_of(&self, scope: &str) -> Vec<&str> {
        let Some(scope) = self.scopes.get(scope) else {
            return Vec::new();
        };
        let mut names: Vec<&str> = self
            .rules
            .keys()
            .filter(|(owner, _)| owner == scope)
            .map(|(_, name)| self.spelled[name.0 as usize].as_str())
            .collect();
        names.sort_unstable();
        names
    }

    /// Whether `name` resolves under `scope` and `bindings` (bound, or a rule of the chain or
    /// the global scope).
    pub fn resolves(&self, name: Name, scope: &Scope, bindings: &Bindings) -> bool {
        bindings.get(name).is_some() || self.rule_of(name, scope).is_some()
    }

    /// The names reachable from `roots` under `scope` that nothing resolves, given that
    /// `bound` will be bound: every alternative followed, so a name a random draw would
    /// reach only rarely is found too.
    pub fn unresolved(&self, roots: &[Name], scope: &Scope, bound: &[Name]) -> Vec<String> {
        let mut missing = std::collections::BTreeSet::new();
        let mut visited = std::collections::HashSet::new();
        let mut pending: Vec<Name> = roots.to_vec();
        while let Some(name) = pending.pop() {
            if bound.contains(&name) || !visited.insert(name) {
                continue;
            }
            let Some(rule) = self.rule_of(name, scope) else {
                missing.insert(self.spelled[name.0 as usize].clone());
                continue;
            };
            let mut stack: Vec<&Sequence> = rule.alternatives.iter().map(|(_, s)| s).collect();
            while let Some(sequence) = stack.pop() {
                for piece in sequence {
                    match piece {
                        Piece::Text(_) => {}
                        Piece::Rule(name) => pending.push(*name),
                        Piece::Choice(alternatives) => {
                            stack.extend(alternatives.iter().map(|(_, s)| s));
                        }
                        Piece::Maybe(sequence) => stack.push(sequence),
                    }
                }
            }
        }
        missing.into_iter().collect()
    }

    fn rule_of(&self, name: Name, scope: &Scope) -> Option<&Rule> {
        scope
            .chain
            .iter()
            .chain(std::iter::once(&GLOBAL))
            .find_map(|owner| self.rules.get(&(*owner, name)))
            .filter(|rule| !rule.alternatives.is_empty())
    }

    /// One expansion of `name` under `scope` and `bindings`, tidied (`a(n)` settled, spaces
    /// before punctuation and doubled spaces removed).
    pub fn expand(
        &self,
        name: Name,
        scope: &Scope,
        bindings: &Bindings,
        rng: &mut impl Rng,
    ) -> Result<String, GrammarError> {
        let mut out = String::with_capacity(96);
        self.expand_name(name, scope, bindings, rng, &mut out, 0)?;
        Ok(tidy(&out))
    }

    fn expand_name(
        &self,
        name: Name,
        scope: &Scope,
        bindings: &Bindings,
        rng: &mut impl Rng,
        out: &mut String,
        depth: usize,
    ) -> Result<(), GrammarError> {
        if depth > MAX_DEPTH {
            return Err(GrammarError::TooDeep {
                name: self.spelled[name.0 as usize].clone(),
            });
        }
        if let Some(values) = bindings.get(name) {
            let pick = rng.random_range(0..values.len());
            out.push_str(&values[pick]);
            return Ok(());
        }
        let rule = self
            .rule_of(name, scope)
            .ok_or_else(|| GrammarError::Undefined {
                name: self.spelled[name.0 as usize].clone(),
                scopes: scope
                    .chain
                    .iter()
                    .map(|id| self.scope_names[id.0 as usize].clone())
                    .collect(),
            })?;
        let sequence = pick(&rule.alternatives, rng);
        self.expand_sequence(sequence, scope, bindings, rng, out, depth + 1)
    }

    fn expand_sequence(
        &self,
        sequence: &Sequence,
        scope: &Scope,
        bindings: &Bindings,
        rng: &mut impl Rng,
        out: &mut String,
        depth: usize,
    ) -> Result<(), GrammarError> {
        for piece in sequence {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Rule(name) => self.expand_name(*name, scope, bindings, rng, out, depth)?,
                Piece::Choice(alternatives) => {
                    let sequence = pick(alternatives, rng);
                    self.expand_sequence(sequence, scope, bindings, rng, out, depth)?;
                }
                Piece::Maybe(sequence) => {
                    if rng.random_bool(0.5) {
                        self.expand_sequence(sequence, scope, bindings, rng, out, depth)?;
                    }
                }
            }
        }
        Ok(())
    }
}

fn pick<'a>(alternatives: &'a [(u32, Sequence)], rng: &mut impl Rng) -> &'a Sequence {
    let total = alternatives.last().map_or(1, |(weight, _)| *weight).max(1);
    let draw = rng.random_range(0..total);
    let index = alternatives.partition_point(|(cumulative, _)| *cumulative <= draw);
    &alternatives[index.min(alternatives.len() - 1)].1
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '/'))
}

/// Splits `text` at `|` outside brackets and parses each alternative (with its `N*` weight).
fn parse_alternatives(grammar: &mut Grammar, text: &str) -> Result<Vec<(u32, Sequence)>, String> {
    let mut alternatives = Vec::new();
    for part in split_top(text)? {
        let part = part.trim();
        // `N*` weighs the alternative (which may be empty: `6* | a | b`).
        let digits = part.bytes().take_while(u8::is_ascii_digit).count();
        let (weight, body) = match part[digits..].strip_prefix('*') {
            Some(body) if digits > 0 && (body.is_empty() || body.starts_with(' ')) => (
                part[..digits].parse::<u32>().map_err(|e| e.to_string())?,
                body.trim_start(),
            ),
            _ => (1, part),
        };
        alternatives.push((weight, parse_sequence(grammar, body)?));
    }
    Ok(alternatives)
}

/// The parts of `text` between `|` signs that are outside `{}`, `[]` and `<>`.
fn split_top(text: &str) -> Result<Vec<&str>, String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut escaped = false;
    for (index, character) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match character {
            '\\' => escaped = true,
            '{' | '[' | '<' => depth += 1,
            '}' | ']' | '>' => depth -= 1,
            '|' if depth == 0 => {
                parts.push(&text[start..index]);
                start = index + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("unbalanced `{character}` in `{text}`"));
        }
    }
    if depth != 0 {
        return Err(format!("an unclosed bracket in `{text}`"));
    }
    parts.push(&text[start..]);
    Ok(parts)
}

fn parse_sequence(grammar: &mut Grammar, text: &str) -> Result<Sequence, String> {
    let mut sequence = Vec::new();
    let mut literal = String::new();
    let mut characters = text.char_indices().peekable();
    let flush = |literal: &mut String, sequence: &mut Sequence| {
        if !literal.is_empty() {
            sequence.push(Piece::Text(std::mem::take(literal).into_boxed_str()));
        }
    };
    while let Some((index, character)) = characters.next() {
        match character {
            '\\' => {
                if let Some((_, next)) = characters.next() {
                    literal.push(next);
                }
            }
            '<' => {
                let end = closing(text, index, '<', '>')?;
                let name = &text[index + 1..end];
                if !is_name(name) {
                    return Err(format!("`<{name}>` is not a rule name"));
                }
                flush(&mut literal, &mut sequence);
                sequence.push(Piece::Rule(grammar.name(name)));
                skip_to(&mut characters, end);
            }
            '{' => {
                let end = closing(text, index, '{', '}')?;
                flush(&mut literal, &mut sequence);
                let mut alternatives = Vec::new();
                let mut total = 0;
                for part in split_top(&text[index + 1..end])? {
                    total += 1;
                    alternatives.push((total, parse_sequence(grammar, part)?));
                }
                sequence.push(Piece::Choice(alternatives));
                skip_to(&mut characters, end);
            }
            '[' => {
                let end = closing(text, index, '[', ']')?;
                flush(&mut literal, &mut sequence);
                sequence.push(Piece::Maybe(parse_sequence(
                    grammar,
                    &text[index + 1..end],
                )?));
                skip_to(&mut characters, end);
            }
            '>' | '}' | ']' => return Err(format!("a stray `{character}` in `{text}`")),
            other => literal.push(other),
        }
    }
    flush(&mut literal, &mut sequence);
    Ok(sequence)
}

fn skip_to(characters: &mut std::iter::Peekable<std::str::CharIndices<'_>>, end: usize) {
    while characters.next_if(|(index, _)| *index <= end).is_some() {}
}

/// The index of the bracket closing the one opened at `open` (nesting counted).
fn closing(text: &str, open: usize, opener: char, closer: char) -> Result<usize, String> {
    let mut depth = 0;
    let mut escaped = false;
    for (index, character) in text[open..].char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        if character == '\\' {
            escaped = true;
        } else if character == opener {
            depth += 1;
        } else if character == closer {
            depth -= 1;
            if depth == 0 {
                return Ok(open + index);
            }
        }
    }
    Err(format!("`{opener}` is never closed in `{text}`"))
}

/// Settles `a(n)`, removes spaces before punctuation and doubled spaces, trims.
pub fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_space = true;
    for character in text.chars() {
        if character == ' ' {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
            continue;
        }
        if matches!(character, ',' | '.' | '!' | '?' | ';' | ':' | ')') && out.ends_with(' ') {
            out.pop();
        }
        out.push(character);
        last_space = character == '\n';
    }
    let trimmed = out.trim();
    if trimmed.contains("(n)") {
        settle_articles(trimmed)
    } else {
        trimmed.to_owned()
    }
}

/// `a(n) apple` → `an apple`, `a(n) pear` → `a pear` (and `A(n)` likewise).
fn settle_articles(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("(n)") {
        let (before, after) = rest.split_at(at);
        let after = &after[3..];
        let next_word = after
            .trim_start()
            .split(|c: char| !c.is_alphanumeric())
            .next();
        out.push_str(before);
        if (before.ends_with('a') || before.ends_with('A')) && next_word.is_some_and(takes_an) {
            out.push('n');
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether a word is said with a vowel sound first ("an hour", "a unit").
pub fn takes_an(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    const VOWEL_LIKE: [&str; 5] = ["hour", "honest", "honour", "honor", "heir"];
    const CONSONANT_LIKE: [&str; 8] = ["uni", "use", "usu", "ute", "uti", "one", "once", "eu"];
    if VOWEL_LIKE.iter().any(|prefix| lower.starts_with(prefix)) {
        return true;
    }
    if CONSONANT_LIKE
        .iter()
        .any(|prefix| lower.starts_with(prefix))
    {
        return false;
    }
    if lower.len() > 1
        && lower
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    {
        return false;
    }
    // Letters said by name ("an SUV", "an 8-inch") start with a vowel sound.
    if word.len() > 1 && word.chars().take(2).all(|c| c.is_ascii_uppercase()) {
        return matches!(
            word.as_bytes()[0],
            b'A' | b'E' | b'F' | b'H' | b'I' | b'L' | b'M' | b'N' | b'O' | b'R' | b'S' | b'X'
        );
    }
    if lower.starts_with('8') || lower.starts_with("11") || lower.starts_with("18") {
        return true;
    }
    matches!(
        lower.as_bytes().first(),
        Some(b'a' | b'e' | b'i' | b'o' | b'u')
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const FILE: &str = "
# greetings
greeting = hello | hi there | {good|fine} morning[ to you]
quiet = 3* | psst
[forum/food]
thing = ramen | a(n) <dish>
dish = omelette | pear tart
sentence:
    3* I like <thing>.
    <who> made <thing>, apparently.
[]
thing = weather
sentence = Nice <thing> today.
";

    fn grammar() -> Grammar {
        let mut grammar = Grammar::new();
        grammar.load("test", FILE).unwrap();
        grammar
    }

    #[test]
    fn rules_resolve_through_the_scope_chain_then_globally() {
        let mut grammar = grammar();
        let sentence = grammar.name("sentence");
        let who = grammar.name("who");
        let food = grammar.scope(&["forum/food"]);
        let global = grammar.scope(&[]);
        let mut bindings = Bindings::new();
        bindings.set_one(who, "my aunt");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            seen.insert(
                grammar
                    .expand(sentence, &food, &bindings, &mut rng)
                    .unwrap(),
            );
        }
        let expected = [
            "I like ramen.",
            "I like an omelette.",
            "I like a pear tart.",
            "my aunt made ramen, apparently.",
            "my aunt made an omelette, apparently.",
            "my aunt made a pear tart, apparently.",
        ];
        assert_eq!(seen, expected.iter().map(|s| s.to_string()).collect());
        assert_eq!(
            grammar
                .expand(sentence, &global, &bindings, &mut rng)
                .unwrap(),
            "Nice weather today."
        );
    }

    #[test]
    fn inline_choices_options_and_weights_are_drawn() {
        let mut grammar = grammar();
        let greeting = grammar.name("greeting");
        let sentence = grammar.name("sentence");
        let food = grammar.scope(&["forum/food"]);
        let mut bindings = Bindings::new();
        let who = grammar.name("who");
        bindings.set_one(who, "Sam");
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut greetings = std::collections::BTreeSet::new();
        let mut likes = 0;
        for _ in 0..2_000 {
            greetings.insert(
                grammar
                    .expand(greeting, &food, &bindings, &mut rng)
                    .unwrap(),
            );
            if grammar
                .expand(sentence, &food, &bindings, &mut rng)
                .unwrap()
                .starts_with("I like")
            {
                likes += 1;
            }
        }
        assert_eq!(greetings.len(), 6, "{greetings:?}");
        assert!((1_350..1_650).contains(&likes), "weight 3 of 4: {likes}");
        let quiet = grammar.name("quiet");
        let empty = (0..400)
            .filter(|_| {
                grammar
                    .expand(quiet, &food, &bindings, &mut rng)
                    .unwrap()
                    .is_empty()
            })
            .count();
        assert!(
            (240..360).contains(&empty),
            "an empty alternative weighs 3 of 4: {empty}"
        );
    }

    #[test]
    fn an_unbound_name_and_bad_lines_are_errors() {
        let mut grammar = grammar();
        let sentence = grammar.name("sentence");
        let food = grammar.scope(&["forum/food"]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let failures = (0..50)
            .filter_map(|_| {
                grammar
                    .expand(sentence, &food, &Bindings::new(), &mut rng)
                    .err()
            })
            .collect::<Vec<_>>();
        assert!(failures.iter().any(GrammarError::is_undefined));
        let mut broken = Grammar::new();
        let error = broken.load("bad", "x = {a|b").unwrap_err();
        assert!(error.to_string().starts_with("bad:1:"), "{error}");
        assert!(Grammar::new().load("bad", "  orphan").is_err());
        assert!(Grammar::new().load("bad", "no equals sign").is_err());
    }

    #[test]
    fn articles_and_spacing_are_tidied() {
        assert_eq!(tidy("a(n)  apple , a(n) pear ."), "an apple, a pear.");
        assert_eq!(tidy("A(n) hour and a(n) unit"), "An hour and a unit");
        assert_eq!(
            tidy("a(n) SUV and a(n) 8-inch pan"),
            "an SUV and an 8-inch pan"
        );
        assert_eq!(tidy("a(n) Tacoma"), "a Tacoma");
    }
}
