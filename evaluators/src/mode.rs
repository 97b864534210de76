//! Scoring modes: Agora's corrected semantics, or a benchmark's own code reproduced quirk for
//! quirk (VWA's for its evaluators, MageBench's for AES).

use serde::{Deserialize, Serialize};

/// How evaluators score; see `docs/evaluation-modes.md` for every divergence.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EvalMode {
    /// Agora's semantics: VWA's intent with its known bugs fixed, and Agora's AES.
    #[default]
    Correct,
    /// VWA's behaviour reproduced exactly, for numbers comparable with VisualWebArena's
    /// (AES, which VWA does not have, scores as in `correct`).
    Vwa,
    /// MageBench's WebUI evaluator reproduced for AES, for numbers comparable with
    /// MageBench's (the VWA evaluators score as in `correct`).
    Magebench,
}

impl EvalMode {
    /// Its name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            EvalMode::Correct => "correct",
            EvalMode::Vwa => "vwa",
            EvalMode::Magebench => "magebench",
        }
    }
}

impl std::str::FromStr for EvalMode {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        [EvalMode::Correct, EvalMode::Vwa, EvalMode::Magebench]
            .into_iter()
            .find(|mode| mode.name() == text)
            .ok_or_else(|| {
                format!("unknown evaluation mode `{text}`: use `correct`, `vwa` or `magebench`")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_mode_names() {
        assert_eq!("correct".parse::<EvalMode>(), Ok(EvalMode::Correct));
        assert_eq!("vwa".parse::<EvalMode>(), Ok(EvalMode::Vwa));
        assert_eq!("magebench".parse::<EvalMode>(), Ok(EvalMode::Magebench));
        assert!(
            "VWA!"
                .parse::<EvalMode>()
                .unwrap_err()
                .contains("use `correct`, `vwa` or `magebench`")
        );
        assert_eq!(EvalMode::default(), EvalMode::Correct);
        for mode in [EvalMode::Correct, EvalMode::Vwa, EvalMode::Magebench] {
            let json = serde_json::to_value(mode).unwrap();
            assert_eq!(json, mode.name());
        }
    }
}
