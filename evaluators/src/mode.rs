//! Scoring modes: Agora's corrected semantics or VWA's, quirk for quirk.

use serde::{Deserialize, Serialize};

/// How evaluators score; see `docs/evaluation-modes.md` for every divergence.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvalMode {
    /// Agora's semantics: VWA's intent with its known bugs fixed.
    #[default]
    Correct,
    /// VWA's behaviour reproduced exactly, for comparable published numbers.
    Vwa,
}

impl std::str::FromStr for EvalMode {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "correct" => Ok(EvalMode::Correct),
            "vwa" => Ok(EvalMode::Vwa),
            other => Err(format!(
                "unknown evaluation mode `{other}`: use `correct` or `vwa`"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_mode_names() {
        assert_eq!("correct".parse::<EvalMode>(), Ok(EvalMode::Correct));
        assert_eq!("vwa".parse::<EvalMode>(), Ok(EvalMode::Vwa));
        assert!(
            "VWA!"
                .parse::<EvalMode>()
                .unwrap_err()
                .contains("use `correct` or `vwa`")
        );
        assert_eq!(EvalMode::default(), EvalMode::Correct);
    }
}
