//! Look-alike lines: families of four to six products sharing a brand, a line name, a
//! drawing and a price, told apart only by what their photos show — neighbouring colours
//! (navy and blue, beige and white, gray and silver), a pattern on one of them, or the
//! flavour or scent printed on a label. Names and details never say which is which, so a
//! search for "{brand} {line} {noun}" returns a page an agent must read by the pictures.
//! The lines come after both editions, from their own random stream, so they move nothing.

use super::{Leaf, SeedCounts, shot_backdrop, sku_of, text};
use crate::ShoppingError;
use crate::catalog::{self, DEPARTMENTS, Label, SIZES};
use crate::db::options::ProductOption;
use imagery::{ImageSpec, NamedColor, Pattern};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, params};
use std::collections::HashSet;

/// Line names: words no other product name uses, so a line's search finds the line.
pub const LINES: &[&str] = &[
    "Aria", "Nova", "Halo", "Vista", "Terra", "Luna", "Echo", "Zenith", "Pulse", "Drift", "Ember",
    "Cove",
];

/// Colours people mix up, the first two members of every line.
const NEIGHBOURS: &[(NamedColor, NamedColor)] = &[
    (NamedColor::Navy, NamedColor::Blue),
    (NamedColor::Beige, NamedColor::White),
    (NamedColor::Gray, NamedColor::Silver),
    (NamedColor::Red, NamedColor::Orange),
    (NamedColor::Pink, NamedColor::Purple),
    (NamedColor::Yellow, NamedColor::Orange),
    (NamedColor::Navy, NamedColor::Black),
    (NamedColor::Brown, NamedColor::Red),
];

/// How one member of a line looks.
#[derive(Debug, Clone, Copy)]
struct Look {
    color: NamedColor,
    pattern: Pattern,
    secondary: Option<NamedColor>,
    label: Option<&'static str>,
}

/// The looks of a line of `members` products in `group`: a neighbouring pair, other
/// colours, and a last member that repeats the first one's colour with a pattern (clothing)
/// or another label (food and beauty), where the group has either.
fn looks(rng: &mut ChaCha8Rng, group: &catalog::Group, members: usize) -> Vec<Look> {
    let (a, b) = NEIGHBOURS.choose(rng).copied().unwrap_or(NEIGHBOURS[0]);
    let mut colors = vec![a, b];
    while colors.len() < members {
        let other = NamedColor::ALL
            .choose(rng)
            .copied()
            .unwrap_or(NamedColor::Green);
        if !colors.contains(&other) {
            colors.push(other);
        }
    }
    let words = match group.label {
        Label::Flavor(words) | Label::Scent(words) => Some(words),
        Label::Blank | Label::Title => None,
    };
    let mut looks: Vec<Look> = colors
        .into_iter()
        .map(|color| Look {
            color,
            pattern: Pattern::Solid,
            secondary: None,
            label: words.and_then(|words| words.choose(rng).copied()),
        })
        .collect();
    let last = looks.len() - 1;
    let twin = looks[0].color;
    if group.configurable {
        let pattern = [Pattern::Striped, Pattern::Dotted, Pattern::Checkered]
            .choose(rng)
            .copied()
            .unwrap_or(Pattern::Striped);
        let preferred = NamedColor::BASIC
            .choose(rng)
            .copied()
            .unwrap_or(NamedColor::White);
        looks[last] = Look {
            color: twin,
            pattern,
            secondary: Some(twin.accent(preferred)),
            label: None,
        };
    } else if let Some(words) = words {
        let first = looks[0].label;
        let other = words.iter().copied().find(|word| Some(*word) != first);
        looks[last] = Look {
            color: twin,
            label: other,
            ..looks[0]
        };
    }
    looks
}

/// Inserts look-alike lines with these ids over `leaves` (books excluded: their titles are
/// in their names); `keys` holds the URL keys taken so far.
pub(super) fn insert(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    ids: std::ops::RangeInclusive<i64>,
    leaves: &[&Leaf],
    keys: &mut HashSet<String>,
    report: &mut SeedCounts,
    writer: &text::Writer,
) -> Result<(), ShoppingError> {
    let mut product = connection.prepare(
        "INSERT INTO products (id, sku, url_key, name, description, price_cents, stock, department_id,
                               group_id, category_id, attributes, options)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    let mut image = connection
        .prepare("INSERT INTO images (product_id, position, spec) VALUES (?1, ?2, ?3)")?;
    let leaves: Vec<&Leaf> = leaves
        .iter()
        .copied()
        .filter(|leaf| DEPARTMENTS[leaf.department].groups[leaf.group].label != Label::Title)
        .collect();
    let (mut id, last) = (*ids.start(), *ids.end());
    while id <= last {
        let leaf = leaves[rng.random_range(0..leaves.len())];
        let department = &DEPARTMENTS[leaf.department];
        let group = &department.groups[leaf.group];
        let brand = department.brands.choose(rng).copied().unwrap_or("Generic");
        let line = LINES.choose(rng).copied().unwrap_or("Nova");
        let remaining = usize::try_from(last - id + 1).unwrap_or(1);
        let members = rng.random_range(4..=6usize).min(remaining);
        let model = leaf.drawing.pick(rng.random_range(0..3u8));
        let kind = leaf.drawing.kind();
        let (low, high) = group.price;
        let price_cents = i64::from(rng.random_range(low..=high)) * 100 - 1;
        let looks = looks(rng, group, members);
        let options = if group.configurable {
            let first = rng.random_range(0..3);
            let mut colors: Vec<String> = looks
                .iter()
                .map(|look| text::color_label(look.color))
                .collect();
            colors.sort();
            colors.dedup();
            vec![
                ProductOption {
                    name: "Size".into(),
                    values: SIZES[first..first + 4]
                        .iter()
                        .map(|size| (*size).to_owned())
                        .collect(),
                },
                ProductOption {
                    name: "Color".into(),
                    values: colors,
                },
            ]
        } else {
            Vec::new()
        };
        for look in looks {
            let printed = look
                .label
                .map(|word| format!("{brand} {word}").to_uppercase());
            let draft =
                text::line_member(rng, group, leaf.name, (brand, line), look.color, printed);
            let text = draft.finish(kind, model.name(), writer, id)?;
            let mut key = catalog::url_key(&text.name);
            if !keys.insert(key.clone()) {
                key = format!("{key}-{id}");
                keys.insert(key.clone());
            }
            product.execute(params![
                id,
                sku_of(id),
                key,
                text.name,
                text.description,
                price_cents,
                rng.random_range(1..=250),
                leaf.department_id,
                leaf.group_id,
                leaf.id,
                serde_json::to_string(&text.attributes)?,
                serde_json::to_string(&options)?,
            ])?;
            for position in 0..rng.random_range(1..=3u8) {
                let variation: u64 = rng.random();
                let spec = ImageSpec {
                    model,
                    primary: look.color,
                    secondary: look.secondary,
                    count: 1,
                    pattern: look.pattern,
                    text: text.printed.clone(),
                    backdrop: shot_backdrop(position, variation),
                    variation,
                };
                image.execute(params![
                    id,
                    i64::from(position),
                    serde_json::to_string(&spec)?
                ])?;
                report.images += 1;
            }
            report.products += 1;
            report.color_only_in_photo += 1;
            id += 1;
        }
    }
    Ok(())
}
