//! Text people would write, for every site's seed: grammars of alternatives over large
//! lexicons ([`grammar`]), written in a person's register with their typos ([`register`]),
//! and the figures that say how varied the result is ([`measure`]).
//!
//! A site keeps its grammar files as data in its crate and expands them from random streams
//! of their own, so wording can change without moving any other seeded fact.

pub mod grammar;
pub mod measure;
pub mod register;

pub use grammar::{Bindings, Grammar, GrammarError, Name, Scope};
pub use measure::{Corpus, Figures, Vocabulary};
pub use register::Register;

/// A random stream of its own for one seeded text: seeded from the site's seed, a purpose
/// (`salt`) and the item's number, so the text of one item never depends on another's.
pub fn stream(seed: u64, salt: u64, item: u64) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    let mixed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ salt.rotate_left(29)
        ^ item.wrapping_mul(0xD1B5_4A32_D192_ED03);
    rand_chacha::ChaCha8Rng::seed_from_u64(mixed)
}
