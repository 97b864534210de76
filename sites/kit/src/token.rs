//! Unguessable random tokens for sessions and CSRF.

use rand::RngCore;
use std::fmt::Write;

/// A fresh random token: `bytes` bytes from the OS-seeded generator, as lower-case hex.
pub fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buffer);
    buffer
        .iter()
        .fold(String::with_capacity(bytes * 2), |mut text, byte| {
            // Writing to a String cannot fail.
            let _ = write!(text, "{byte:02x}");
            text
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_hex_of_the_asked_length_and_differ() {
        let first = random_hex(16);
        let second = random_hex(16);
        assert_eq!(first.len(), 32);
        assert!(first.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(first, second);
    }
}
