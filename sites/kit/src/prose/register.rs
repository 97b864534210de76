//! How a person writes what a grammar says: capitals and full stops or none, apostrophes
//! kept or dropped, and typos at that person's rate — real slips (a swapped, dropped, doubled
//! or neighbouring key) and the usual misspellings.
//!
//! Typos only touch plain lower-case words (names, models and numbers stay as written) and
//! never make a colour name out of another word, so a text that names no colour still names
//! none.

use imagery::NamedColor;
use rand::Rng;
use rand::seq::IndexedRandom;

/// How carefully someone writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Register {
    /// Capitals, full stops, almost no typos.
    Careful,
    /// Capitals; now and then a missing full stop or a typo.
    Plain,
    /// Lower-case starts, dropped apostrophes and full stops, typos.
    Casual,
    /// Casual, with typos every few sentences.
    Sloppy,
}

impl Register {
    /// The register of writer `writer` (a stable choice per person): about 20 % careful,
    /// 45 % plain, 25 % casual and 10 % sloppy.
    pub fn of_writer(writer: u64) -> Self {
        let mixed = writer.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) % 100;
        match mixed {
            0..20 => Self::Careful,
            20..65 => Self::Plain,
            65..90 => Self::Casual,
            _ => Self::Sloppy,
        }
    }

    /// The share of eligible words that get a typo.
    pub fn typo_rate(self) -> f64 {
        match self {
            Self::Careful => 0.002,
            Self::Plain => 0.008,
            Self::Casual => 0.02,
            Self::Sloppy => 0.045,
        }
    }

    fn casual(self) -> bool {
        matches!(self, Self::Casual | Self::Sloppy)
    }

    /// `text` as this writer types it.
    pub fn write(self, text: &str, rng: &mut impl Rng) -> String {
        let lower_starts = self.casual() && rng.random_bool(0.7);
        let lower_i = self.casual() && rng.random_bool(0.45);
        let bare_contractions = self.casual() && rng.random_bool(0.5);
        let drop_last_stop = match self {
            Self::Careful => false,
            Self::Plain => rng.random_bool(0.2),
            Self::Casual | Self::Sloppy => rng.random_bool(0.65),
        };
        let rate = self.typo_rate();
        let mut out = String::with_capacity(text.len() + 8);
        for token in tokens(text) {
            match token {
                Token::Gap(gap) => out.push_str(gap),
                Token::Word(word) => {
                    let mut written = word.to_owned();
                    if bare_contractions && let Some(bare) = bare_contraction(word) {
                        written = bare.to_owned();
                    } else if self.casual()
                        && let Some(short) = shorthand(word, rng)
                    {
                        written = short.to_owned();
                    } else if rng.random_bool(rate)
                        && let Some(slip) = typo(word, rng)
                    {
                        written = slip;
                    }
                    if lower_i && written == "I" {
                        written = "i".to_owned();
                    } else if lower_i && written.starts_with("I'") {
                        written.replace_range(0..1, "i");
                    }
                    out.push_str(&written);
                }
            }
        }
        let mut written = sentence_case(&out, !lower_starts);
        if drop_last_stop && written.ends_with('.') && !written.ends_with("..") {
            written.pop();
        }
        written
    }
}

enum Token<'a> {
    Word(&'a str),
    Gap(&'a str),
}

/// Words (letters with inner apostrophes) and the gaps between them.
fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let is_word_char = |c: char| c.is_alphabetic() || c == '\'';
        let first = rest.chars().next()?;
        let (token, len) = if first.is_alphabetic() {
            let len = rest
                .char_indices()
                .find(|(_, c)| !is_word_char(*c))
                .map_or(rest.len(), |(index, _)| index);
            let word = rest[..len].trim_end_matches('\'');
            (Token::Word(word), word.len())
        } else {
            let len = rest
                .char_indices()
                .find(|(_, c)| c.is_alphabetic())
                .map_or(rest.len(), |(index, _)| index);
            (Token::Gap(&rest[..len]), len)
        };
        rest = &rest[len..];
        Some(token)
    })
}

/// Capitalises (or lower-cases) the first letter of every sentence.
fn sentence_case(text: &str, capitals: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at_start = true;
    for character in text.chars() {
        if at_start && character.is_alphabetic() {
            if capitals {
                out.extend(character.to_uppercase());
            } else if character == 'I' {
                out.push('I');
            } else {
                out.extend(character.to_lowercase());
            }
            at_start = false;
            continue;
        }
        if matches!(character, '.' | '!' | '?' | '\n') {
            at_start = true;
        } else if !character.is_whitespace() && !matches!(character, '"' | '(' | '*' | '-' | '>') {
            at_start = false;
        }
        out.push(character);
    }
    out
}

fn bare_contraction(word: &str) -> Option<&'static str> {
    Some(match word {
        "don't" => "dont",
        "can't" => "cant",
        "won't" => "wont",
        "didn't" => "didnt",
        "doesn't" => "doesnt",
        "isn't" => "isnt",
        "wasn't" => "wasnt",
        "couldn't" => "couldnt",
        "wouldn't" => "wouldnt",
        "shouldn't" => "shouldnt",
        "haven't" => "havent",
        "I'm" => "im",
        "I've" => "ive",
        "I'd" => "id",
        "that's" => "thats",
        "what's" => "whats",
        "there's" => "theres",
        "it's" => "its",
        "you're" => "youre",
        "they're" => "theyre",
        _ => return None,
    })
}

/// Casual writers' short forms, each taken about a quarter of the time.
fn shorthand(word: &str, rng: &mut impl Rng) -> Option<&'static str> {
    let short = match word {
        "though" => "tho",
        "probably" => "prob",
        "because" => *["cause", "bc", "cuz"].choose(rng)?,
        "you" => "u",
        "your" => "ur",
        "really" => "rly",
        "people" => "ppl",
        "something" => "smth",
        "tonight" => "tonite",
        "okay" => "ok",
        _ => return None,
    };
    rng.random_bool(0.25).then_some(short)
}

/// Misspellings people make, by the word they meant.
const MISSPELLINGS: &[(&str, &[&str])] = &[
    ("definitely", &["definately", "definitly", "defintely"]),
    ("separate", &["seperate"]),
    ("receive", &["recieve"]),
    ("believe", &["beleive"]),
    ("because", &["becuase", "becasue"]),
    ("their", &["thier", "there"]),
    ("there", &["their"]),
    ("you're", &["your"]),
    ("it's", &["its"]),
    ("lose", &["loose"]),
    ("weird", &["wierd"]),
    ("until", &["untill"]),
    ("tomorrow", &["tommorow", "tomorow"]),
    ("necessary", &["neccessary", "necessery"]),
    ("occasionally", &["occasionaly"]),
    ("recommend", &["reccomend", "recomend"]),
    ("restaurant", &["restaraunt", "resturant"]),
    ("really", &["realy"]),
    ("probably", &["probaly", "probly"]),
    ("actually", &["actualy"]),
    ("basically", &["basicly"]),
    ("apparently", &["apparantly"]),
    ("embarrassing", &["embarassing"]),
    ("environment", &["enviroment"]),
    ("government", &["goverment"]),
    ("beginning", &["begining"]),
    ("different", &["diffrent"]),
    ("interesting", &["intresting"]),
    ("absolutely", &["absolutly"]),
    ("immediately", &["immediatly"]),
    ("surprise", &["suprise"]),
    ("surprised", &["suprised"]),
    ("accommodate", &["accomodate"]),
    ("calendar", &["calender"]),
    ("neighbour", &["neighbor", "nieghbour"]),
    ("neighbor", &["nieghbor"]),
    ("across", &["accross"]),
    ("address", &["adress"]),
    ("again", &["agian"]),
    ("already", &["allready"]),
    ("always", &["allways"]),
    ("around", &["aroud"]),
    ("beautiful", &["beautifull", "beatiful"]),
    ("business", &["buisness"]),
    ("completely", &["completly"]),
    ("could", &["coudl"]),
    ("doesn't", &["does'nt"]),
    ("especially", &["especialy"]),
    ("everything", &["everthing"]),
    ("experience", &["experiance"]),
    ("finally", &["finaly"]),
    ("forward", &["foward"]),
    ("friend", &["freind"]),
    ("guarantee", &["garantee"]),
    ("happened", &["happend"]),
    ("honestly", &["honestley"]),
    ("knowledge", &["knowlege"]),
    ("maintenance", &["maintainance", "maintenence"]),
    ("millennium", &["millenium"]),
    ("noticeable", &["noticable"]),
    ("occurred", &["occured"]),
    ("personally", &["personaly"]),
    ("possession", &["posession"]),
    ("remember", &["rember"]),
    ("schedule", &["schedual"]),
    ("should", &["shoudl"]),
    ("similar", &["similiar"]),
    ("sincerely", &["sincerly"]),
    ("something", &["somthing"]),
    ("supposedly", &["supposably"]),
    ("the", &["teh"]),
    ("then", &["than"]),
    ("than", &["then"]),
    ("though", &["thoguh"]),
    ("through", &["thru", "throught"]),
    ("truly", &["truely"]),
    ("which", &["wich"]),
    ("would", &["woudl"]),
    ("writing", &["writting"]),
    ("to", &["too"]),
    ("too", &["to"]),
    ("whether", &["wether"]),
    ("vacuum", &["vaccum"]),
    ("wednesday", &["wensday"]),
    ("february", &["febuary"]),
];

/// Neighbouring keys on a QWERTY keyboard.
fn neighbours(letter: u8) -> &'static [u8] {
    match letter {
        b'a' => b"qwsz",
        b'b' => b"vghn",
        b'c' => b"xdfv",
        b'd' => b"serfcx",
        b'e' => b"wsdr",
        b'f' => b"drtgvc",
        b'g' => b"ftyhbv",
        b'h' => b"gyujnb",
        b'i' => b"ujko",
        b'j' => b"huikmn",
        b'k' => b"jiolm",
        b'l' => b"kop",
        b'm' => b"njk",
        b'n' => b"bhjm",
        b'o' => b"iklp",
        b'p' => b"ol",
        b'q' => b"wa",
        b'r' => b"edft",
        b's' => b"awedxz",
        b't' => b"rfgy",
        b'u' => b"yhji",
        b'v' => b"cfgb",
        b'w' => b"qase",
        b'x' => b"zsdc",
        b'y' => b"tghu",
        b'z' => b"asx",
        _ => b"",
    }
}

/// A slip on `word`, if it is a plain lower-case word that can take one (and the slip makes
/// no colour name).
pub fn typo(word: &str, rng: &mut impl Rng) -> Option<String> {
    if !word.bytes().all(|b| b.is_ascii_lowercase() || b == b'\'') || word.len() < 3 {
        return None;
    }
    let slip = match MISSPELLINGS.iter().find(|(meant, _)| *meant == word) {
        Some((_, wrong)) if rng.random_bool(0.7) => (*wrong.choose(rng)?).to_owned(),
        _ => mechanical(word, rng)?,
    };
    let colour =
        |text: &str| text == "grey" || NamedColor::ALL.iter().any(|colour| colour.name() == text);
    (!colour(&slip) && slip != word).then_some(slip)
}

fn mechanical(word: &str, rng: &mut impl Rng) -> Option<String> {
    let mut bytes = word.as_bytes().to_vec();
    if bytes.len() < 4 || bytes.contains(&b'\'') {
        return None;
    }
    // Slips land inside the word: first letters are seldom mistyped.
    let at = rng.random_range(1..bytes.len());
    match rng.random_range(0..100) {
        0..35 if at + 1 < bytes.len() => bytes.swap(at, at + 1),
        0..60 => {
            bytes.remove(at);
        }
        60..75 => bytes.insert(at, bytes[at]),
        _ => {
            let near = neighbours(bytes[at]);
            bytes[at] = *near.choose(rng)?;
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn careful_writers_capitalise_and_keep_their_words() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let text = "that is a fair point. i'd wait a week! the Tacoma 2019 runs fine.";
        let written = Register::Careful.write(text, &mut rng);
        assert!(
            written.starts_with("That is a fair point. I'd wait"),
            "{written}"
        );
        assert!(written.contains("! The Tacoma 2019"), "{written}");
    }

    #[test]
    fn typos_come_at_the_writers_rate_and_spare_names_and_colours() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let words: Vec<&str> = "honestly the weather around here changes every single afternoon and nobody plans for it"
            .split(' ')
            .collect();
        let text = words.join(" ");
        let mut changed = 0usize;
        let mut total = 0usize;
        for _ in 0..2_000 {
            let written = Register::Sloppy.write(&text, &mut rng);
            for (original, typed) in words.iter().zip(written.split(' ')) {
                total += 1;
                if !typed.eq_ignore_ascii_case(original) {
                    changed += 1;
                }
            }
        }
        let share = changed as f64 / total as f64;
        assert!(
            (0.02..0.09).contains(&share),
            "sloppy writers change {share:.3} of words"
        );
        for _ in 0..5_000 {
            assert!(typo("Tacoma", &mut rng).is_none());
            if let Some(slip) = typo("read", &mut rng) {
                assert_ne!(slip, "red");
            }
            if let Some(slip) = typo("great", &mut rng) {
                assert_ne!(slip, "gray");
            }
        }
    }

    #[test]
    fn casual_writers_drop_capitals_and_apostrophes_sometimes() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut lower = 0;
        let mut bare = 0;
        for _ in 0..400 {
            let written = Register::Casual.write("I don't think so. It's fine.", &mut rng);
            lower += usize::from(written.starts_with('i'));
            bare += usize::from(written.contains("dont"));
        }
        assert!(lower > 80 && lower < 320, "{lower}");
        assert!(bare > 100 && bare < 300, "{bare}");
    }

    #[test]
    fn registers_spread_over_writers() {
        let mut counts = [0i32; 4];
        for writer in 0..10_000u64 {
            counts[match Register::of_writer(writer) {
                Register::Careful => 0,
                Register::Plain => 1,
                Register::Casual => 2,
                Register::Sloppy => 3,
            }] += 1;
        }
        for (count, expected) in counts.iter().zip([2_000, 4_500, 2_500, 1_000]) {
            assert!((count - expected).abs() < 400, "{counts:?}");
        }
    }
}
