//! What an observation may hold. Every string and list a page controls is bounded, whatever
//! the page: titles, URLs, element names, texts and values, the element and text lists, the
//! tab list's titles and the accessibility tree. The marking script keeps to the bounds in
//! the page (so nothing larger crosses to the server) and [`bound`] holds every observation
//! to them; what was cut is said in the observation's `cut`, and a cut string ends in `…`.
//! The screenshots are bounded by the viewport (at most 4096×8192).

use super::Observation;
use serde::Deserialize;
use serde_json::{Value, json};

/// Longest name, text, value, `alt` or `placeholder` of an element, and longest static text.
pub const MAX_TEXT_CHARS: usize = 200;
/// Most elements listed (the first in document order, all of them in view).
pub const MAX_ELEMENTS: usize = 1_500;
/// Most static texts listed.
pub const MAX_TEXTS: usize = 1_500;
/// Longest title (the page's, and each tab's).
pub const MAX_TITLE_CHARS: usize = 500;
/// Longest URL (the page's, and each tab's).
pub const MAX_URL_CHARS: usize = 4_096;
/// Longest accessibility-tree text, in bytes.
pub const MAX_AXTREE_BYTES: usize = 1 << 20;
/// The bounds as the marking script reads them.
pub(super) fn script_options() -> Value {
    json!({
        "maxText": MAX_TEXT_CHARS,
        "maxElements": MAX_ELEMENTS,
        "maxTexts": MAX_TEXTS,
        "maxTitle": MAX_TITLE_CHARS,
        "maxUrl": MAX_URL_CHARS,
    })
}

/// What the marking script left out, as it reports it.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct ScriptCuts {
    /// Elements in view beyond [`MAX_ELEMENTS`].
    elements_left_out: usize,
    /// Whether static texts beyond [`MAX_TEXTS`] were left out.
    texts_left_out: bool,
    /// The page's title and URL lengths, in characters.
    title_chars: usize,
    url_chars: usize,
}

impl ScriptCuts {
    /// What was cut, in words.
    pub(super) fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.elements_left_out > 0 {
            notes.push(format!(
                "elements: the first {MAX_ELEMENTS} in view are listed, {} more in view are not",
                self.elements_left_out
            ));
        }
        if self.texts_left_out {
            notes.push(format!(
                "texts: the first {MAX_TEXTS} static texts are listed, later ones are not"
            ));
        }
        if self.title_chars > MAX_TITLE_CHARS {
            notes.push(format!(
                "title: {} characters, cut to {MAX_TITLE_CHARS}",
                self.title_chars
            ));
        }
        if self.url_chars > MAX_URL_CHARS {
            notes.push(format!(
                "url: {} characters, cut to {MAX_URL_CHARS}",
                self.url_chars
            ));
        }
        notes
    }
}

/// `text` cut to `limit` characters (the last one `…`); whether it was cut.
fn clip(text: &mut String, limit: usize) -> bool {
    match text.char_indices().nth(limit) {
        None => false,
        Some(_) => {
            let keep = text
                .char_indices()
                .nth(limit - 1)
                .map_or(text.len(), |(at, _)| at);
            text.truncate(keep);
            text.push('…');
            true
        }
    }
}

/// Holds `observation` to the bounds, adding a note to its `cut` for each kind of cut it
/// makes (the marking script's own cuts are noted already).
pub(super) fn bound(observation: &mut Observation) {
    let mut notes = Vec::new();
    let mut note = |cut: bool, what: &str| {
        if cut && !notes.iter().any(|note: &String| note.starts_with(what)) {
            notes.push(format!("{what}: cut to the observation's bounds"));
        }
    };
    note(clip(&mut observation.title, MAX_TITLE_CHARS), "title");
    note(clip(&mut observation.url, MAX_URL_CHARS), "url");
    for tab in &mut observation.tabs {
        note(clip(&mut tab.title, MAX_TITLE_CHARS), "tab titles");
        note(clip(&mut tab.url, MAX_URL_CHARS), "tab urls");
    }
    if observation.elements.len() > MAX_ELEMENTS {
        observation.elements.truncate(MAX_ELEMENTS);
        note(true, "elements");
    }
    for element in &mut observation.elements {
        let mut cut = clip(&mut element.name, MAX_TEXT_CHARS);
        cut |= clip(&mut element.text, MAX_TEXT_CHARS);
        for field in [
            &mut element.alt,
            &mut element.placeholder,
            &mut element.value,
            &mut element.input_type,
        ]
        .into_iter()
        .flatten()
        {
            cut |= clip(field, MAX_TEXT_CHARS);
        }
        cut |= clip(&mut element.tag, MAX_TEXT_CHARS);
        cut |= clip(&mut element.role, MAX_TEXT_CHARS);
        note(cut, "element fields");
    }
    if observation.texts.len() > MAX_TEXTS {
        observation.texts.truncate(MAX_TEXTS);
        note(true, "texts");
    }
    for text in &mut observation.texts {
        note(clip(text, MAX_TEXT_CHARS), "texts");
    }
    if let Some(axtree) = &mut observation.axtree
        && axtree.len() > MAX_AXTREE_BYTES
    {
        let mut end = MAX_AXTREE_BYTES;
        while !axtree.is_char_boundary(end) {
            end -= 1;
        }
        axtree.truncate(end);
        axtree.push('…');
        note(true, "axtree");
    }
    observation.cut.extend(notes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_string_keeps_its_limit_in_characters_and_ends_in_an_ellipsis() {
        let mut text = "é".repeat(10);
        assert!(clip(&mut text, 4));
        assert_eq!(text, "ééé…");
        let mut short = "abc".to_owned();
        assert!(!clip(&mut short, 3));
        assert_eq!(short, "abc");
    }

    #[test]
    fn the_script_reports_its_cuts_in_words() {
        let cuts = ScriptCuts {
            elements_left_out: 198_500,
            texts_left_out: true,
            title_chars: 41_943_040,
            url_chars: 30,
        };
        let notes = cuts.notes();
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes[0].contains("198500 more in view"), "{notes:?}");
        assert!(notes[2].contains("41943040 characters"), "{notes:?}");
    }
}
