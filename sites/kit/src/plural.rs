//! Counts with their nouns, singular for one: "1 comment", "2 comments".

/// `count` and `noun`, the noun in the plural unless the count is one: "1 comment",
/// "2 comments" (nouns that take a plain `s`). Takes the count or a reference to it, as
/// templates pass it.
pub fn counted(count: impl std::borrow::Borrow<i64>, noun: &str) -> String {
    let count = *count.borrow();
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_singular_only_for_one() {
        assert_eq!(counted(1, "comment"), "1 comment");
        assert_eq!(counted(0, "comment"), "0 comments");
        assert_eq!(counted(2, "subscriber"), "2 subscribers");
    }
}
