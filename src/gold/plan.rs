//! The replay schedule of `agora tasks check`, as data: which run opens where, which are
//! scored on the gold's episode, which get an episode of their own.
//!
//! Every task has a gold run, an immediate empty stop (none when the gold answer is N/A, the
//! right answer to an empty stop) and its decoys. The gold runs in an episode of its own; on
//! that episode:
//! - **Stops at the start.** Runs that are only a `stop` (the empty stop, a decoy of one
//!   `stop`) are scored at the gold episode's start state before the gold — the state a fresh
//!   episode of the task starts in — when the evaluation reads no more of the agent's page than
//!   its URL (or measures pages apart, AES), or when it reads pages in the agent's tab (moving
//!   it) and the gold begins with a `goto` and never goes back. In the latter case the stops
//!   move the page: if the sites' state then differs from the start's, the gold goes on in a
//!   fresh episode instead.
//! - **Decoys after the gold.** Where the evaluation reads only the answer, the URL and pages
//!   in the agent's tab, a decoy that begins with a `goto` and makes no history or tab moves is
//!   replayed after the gold on its episode while the sites' state is still the start's (the
//!   gold only browsed); once the state changed, the gold broke or a decoy broke there, the
//!   rest run in episodes of their own.
//!
//! Every other run has an episode of its own. An episode opens at the page its run's first
//! `goto` loads (that step done by the opening) when the run makes no history or tab moves,
//! the URL is one the agent may load and the task's start leaves nothing behind (found when
//! the plan is run); the gold opens so only where no stop scored at its start reads the page.

use super::replay::gold_action;
use crate::act::Action;
use evaluators::Task;
use evaluators::task::{GoldStep, Read};
use std::collections::BTreeMap;

/// One run of a task's check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    /// The gold trajectory.
    Gold,
    /// An immediate empty `stop`.
    EmptyStop,
    /// The task's decoy at this index.
    Decoy(usize),
}

/// Where an episode opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// At the task's start.
    Start,
    /// At this page (the run's first step, done by the opening) when the task's start leaves
    /// nothing behind; at the start otherwise.
    FirstPage(String),
}

/// What the stops scored at the gold's start do to its episode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartStops {
    /// They read no more than the URL (or measure apart): the gold goes on where they were.
    LeaveThePage,
    /// They load pages in the agent's tab: if the sites' state changed meanwhile, the gold
    /// goes on in a fresh episode opened so.
    MoveThePage {
        /// Where that fresh episode opens.
        reopen: Opening,
    },
}

/// The gold's episode and what else is scored on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoldEpisode {
    /// Where it opens.
    pub opening: Opening,
    /// Stops scored at its start before the gold, with their answers, in order.
    pub stops_at_start: Vec<(Slot, String)>,
    /// What those stops do to the episode.
    pub start_stops: StartStops,
    /// Decoys replayed after the gold while the sites' state is the start's, in order.
    pub after_gold: Vec<Slot>,
}

/// A task's check: the gold's episode, and where every other run opens when it has an
/// episode of its own (as planned, or because its place on the gold's episode fell through).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The gold's episode.
    pub gold: GoldEpisode,
    /// Every run besides the gold, in report order, with its own episode's opening.
    pub alone: BTreeMap<Slot, Opening>,
}

/// What the plan needs to know beyond the task.
pub struct Facts<'a> {
    /// Whether the agent's browser may load a URL (an opening never goes where it may not).
    pub permits_url: &'a (dyn Fn(&str) -> bool + Sync),
}

impl Plan {
    /// The runs besides the gold that are not scored on the gold's episode.
    pub fn planned_alone(&self) -> impl Iterator<Item = (&Slot, &Opening)> {
        self.alone.iter().filter(|(slot, _)| {
            !self.gold.after_gold.contains(slot)
                && !self.gold.stops_at_start.iter().any(|(at, _)| at == *slot)
        })
    }
}

/// The schedule of `task`'s check (see the module's doc).
pub fn plan(task: &Task, facts: &Facts<'_>) -> Plan {
    let reads = task.reads();
    let page_untouched = reads.only(&[Read::Answer, Read::Url]) || task.measured_apart();
    let reads_pages = reads.only(&[Read::Answer, Read::Url, Read::AgentPages]);
    let gold = super::gold_steps(task).unwrap_or_default();
    let at_start = page_untouched || (reads_pages && starts_afresh(&gold));
    let not_applicable = task
        .gold_answer()
        .is_some_and(|answer| answer.trim().eq_ignore_ascii_case("n/a"));
    let decoys = task.agora.iter().flat_map(|agora| &agora.decoys);
    let opening = |steps: &[GoldStep]| match first_page(steps) {
        Some(url) if (facts.permits_url)(&url) => Opening::FirstPage(url),
        _ => Opening::Start,
    };

    let mut stops_at_start = Vec::new();
    let mut after_gold = Vec::new();
    let mut alone = BTreeMap::new();
    if !not_applicable {
        if at_start {
            stops_at_start.push((Slot::EmptyStop, String::new()));
        }
        alone.insert(Slot::EmptyStop, Opening::Start);
    }
    for (index, decoy) in decoys.enumerate() {
        let slot = Slot::Decoy(index);
        match stop_answer(&decoy.steps) {
            Some(answer) if at_start => stops_at_start.push((slot, answer)),
            _ if reads_pages && starts_afresh(&decoy.steps) => after_gold.push(slot),
            _ => {}
        }
        alone.insert(slot, opening(&decoy.steps));
    }
    let gold_opening = if reads.only(&[Read::Answer]) || stops_at_start.is_empty() {
        opening(&gold)
    } else {
        Opening::Start
    };
    let start_stops = if page_untouched {
        StartStops::LeaveThePage
    } else {
        StartStops::MoveThePage {
            reopen: opening(&gold),
        }
    };
    Plan {
        gold: GoldEpisode {
            opening: gold_opening,
            stops_at_start,
            start_stops,
            after_gold,
        },
        alone,
    }
}

/// The answer of a run that is only a `stop`; `None` for one with other steps.
fn stop_answer(steps: &[GoldStep]) -> Option<String> {
    match steps {
        [step] => match gold_action(step, None) {
            Ok(Action::Stop { answer }) => Some(answer),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `steps` begin by loading a page by its URL and never leave that tab's forward
/// path (no history or tab moves), so where the browser was before them cannot matter.
pub(super) fn starts_afresh(steps: &[GoldStep]) -> bool {
    let actions: Option<Vec<Action>> = steps
        .iter()
        .map(|step| {
            let stand_in = step.target.as_ref().map(|_| crate::observe::SomId(1));
            gold_action(step, stand_in).ok()
        })
        .collect();
    match actions.as_deref() {
        Some([Action::Goto { .. }, rest @ ..]) => !rest.iter().any(Action::moves_history),
        _ => false,
    }
}

/// The URL a run's first step loads, when the run starts afresh.
fn first_page(steps: &[GoldStep]) -> Option<String> {
    if !starts_afresh(steps) {
        return None;
    }
    match gold_action(steps.first()?, None) {
        Ok(Action::Goto { url }) => Some(url),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    const PAGE: &str = "http://127.0.0.1:9980/?q=red";

    fn goto() -> Value {
        json!({"action": "goto", "url": PAGE})
    }
    fn click() -> Value {
        json!({"action": "click", "target": {"text": "Cars"}})
    }
    fn stop(answer: &str) -> Value {
        json!({"action": "stop", "answer": answer})
    }

    /// A task read by `eval_types`, with this gold and these decoys' steps.
    fn task(eval_types: &[&str], gold: Value, decoys: &[Value]) -> Task {
        let decoys: Vec<Value> = decoys
            .iter()
            .map(|steps| json!({"why": "wrong", "steps": steps}))
            .collect();
        serde_json::from_value(json!({
            "sites": ["classifieds"], "task_id": 1, "require_login": false,
            "start_url": "http://127.0.0.1:9980/", "intent": "Find it", "intent_template": "",
            "instantiation_dict": {}, "require_reset": false,
            "eval": {"eval_types": eval_types, "reference_answers": {"exact_match": "12"}},
            "agora": {"gold": gold, "decoys": decoys}
        }))
        .expect("task parses")
    }

    fn planned(task: &Task) -> Plan {
        plan(
            task,
            &Facts {
                permits_url: &|_| true,
            },
        )
    }

    fn steps(json: Value) -> Vec<GoldStep> {
        serde_json::from_value(json).expect("gold steps parse")
    }

    fn first(url: &str) -> Opening {
        Opening::FirstPage(url.to_owned())
    }

    /// Each rule of the schedule: the evaluation, the gold, the decoys, and the gold's
    /// episode and the runs of their own that follow.
    #[test]
    fn each_rule_of_the_schedule() {
        struct Row {
            rule: &'static str,
            eval: &'static [&'static str],
            gold: Value,
            decoys: Vec<Value>,
            gold_episode: GoldEpisode,
            planned_alone: Vec<(Slot, Opening)>,
        }
        let browse_gold = json!([goto(), click(), stop("12")]);
        let clicked_gold = json!([click(), stop("12")]);
        let browse_decoy = json!([goto(), click(), stop("13")]);
        let back_decoy = json!([goto(), {"action": "go_back"}, stop("13")]);
        let stop_decoy = json!([stop("13")]);
        let rows = [
            Row {
                rule: "answer only: stops at the start, the gold at its first page",
                eval: &["string_match"],
                gold: browse_gold.clone(),
                decoys: vec![stop_decoy.clone(), browse_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: first(PAGE),
                    stops_at_start: vec![
                        (Slot::EmptyStop, String::new()),
                        (Slot::Decoy(0), "13".into()),
                    ],
                    start_stops: StartStops::LeaveThePage,
                    after_gold: vec![Slot::Decoy(1)],
                },
                planned_alone: vec![],
            },
            Row {
                rule: "answer and URL: stops at the start read the URL, so the gold opens at the start",
                eval: &["string_match", "url_match"],
                gold: browse_gold.clone(),
                decoys: vec![back_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: Opening::Start,
                    stops_at_start: vec![(Slot::EmptyStop, String::new())],
                    start_stops: StartStops::LeaveThePage,
                    after_gold: vec![],
                },
                planned_alone: vec![(Slot::Decoy(0), Opening::Start)],
            },
            Row {
                rule: "agent's pages, a gold from a goto: stops at the start move the page",
                eval: &["program_html"],
                gold: browse_gold.clone(),
                decoys: vec![stop_decoy.clone(), browse_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: Opening::Start,
                    stops_at_start: vec![
                        (Slot::EmptyStop, String::new()),
                        (Slot::Decoy(0), "13".into()),
                    ],
                    start_stops: StartStops::MoveThePage {
                        reopen: first(PAGE),
                    },
                    after_gold: vec![Slot::Decoy(1)],
                },
                planned_alone: vec![],
            },
            Row {
                rule: "agent's pages, a gold that does not start afresh: stops get their own episodes",
                eval: &["page_image_query"],
                gold: clicked_gold.clone(),
                decoys: vec![stop_decoy.clone(), browse_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: Opening::Start,
                    stops_at_start: vec![],
                    start_stops: StartStops::MoveThePage {
                        reopen: Opening::Start,
                    },
                    after_gold: vec![Slot::Decoy(1)],
                },
                planned_alone: vec![
                    (Slot::EmptyStop, Opening::Start),
                    (Slot::Decoy(0), Opening::Start),
                ],
            },
            Row {
                rule: "measured apart (AES): stops at the start, decoys never after the gold",
                eval: &["aes"],
                gold: browse_gold.clone(),
                decoys: vec![browse_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: Opening::Start,
                    stops_at_start: vec![(Slot::EmptyStop, String::new())],
                    start_stops: StartStops::LeaveThePage,
                    after_gold: vec![],
                },
                planned_alone: vec![(Slot::Decoy(0), first(PAGE))],
            },
            Row {
                rule: "AES and pages of the agent's tab: no stops at the start, the gold at its first page",
                eval: &["aes", "program_html"],
                gold: browse_gold.clone(),
                decoys: vec![stop_decoy.clone()],
                gold_episode: GoldEpisode {
                    opening: first(PAGE),
                    stops_at_start: vec![],
                    start_stops: StartStops::MoveThePage {
                        reopen: first(PAGE),
                    },
                    after_gold: vec![],
                },
                planned_alone: vec![
                    (Slot::EmptyStop, Opening::Start),
                    (Slot::Decoy(0), Opening::Start),
                ],
            },
            Row {
                rule: "N/A is the answer: no empty stop",
                eval: &["string_match"],
                gold: json!([click(), stop("N/A")]),
                decoys: vec![],
                gold_episode: GoldEpisode {
                    opening: Opening::Start,
                    stops_at_start: vec![],
                    start_stops: StartStops::LeaveThePage,
                    after_gold: vec![],
                },
                planned_alone: vec![],
            },
        ];
        for row in rows {
            let task = task(row.eval, row.gold, &row.decoys);
            let plan = planned(&task);
            assert_eq!(plan.gold, row.gold_episode, "{}", row.rule);
            let alone: Vec<(Slot, Opening)> = plan
                .planned_alone()
                .map(|(slot, opening)| (*slot, opening.clone()))
                .collect();
            assert_eq!(alone, row.planned_alone, "{}", row.rule);
            let mut expected: Vec<Slot> = (!task
                .gold_answer()
                .is_some_and(|answer| answer.eq_ignore_ascii_case("n/a")))
            .then_some(Slot::EmptyStop)
            .into_iter()
            .collect();
            expected.extend((0..row.decoys.len()).map(Slot::Decoy));
            assert_eq!(
                plan.alone.keys().copied().collect::<Vec<_>>(),
                expected,
                "{}: every run has an episode to fall back to",
                row.rule
            );
        }
    }

    #[test]
    fn an_opening_never_goes_where_the_agent_may_not() {
        let task = task(
            &["string_match"],
            json!([goto(), click(), stop("12")]),
            &[json!([goto(), stop("13")])],
        );
        let plan = plan(
            &task,
            &Facts {
                permits_url: &|url| url != PAGE,
            },
        );
        assert_eq!(plan.gold.opening, Opening::Start);
        assert_eq!(plan.alone[&Slot::Decoy(0)], Opening::Start);
    }

    #[test]
    fn a_gold_that_does_not_parse_opens_at_the_start() {
        let task = task(&["string_match"], json!([{"action": "fly"}]), &[]);
        assert_eq!(planned(&task).gold.opening, Opening::Start);
    }

    #[test]
    fn a_run_starts_afresh_only_from_a_goto_and_without_history_or_tab_moves() {
        assert!(starts_afresh(&steps(json!([goto(), click(), stop("12")]))));
        assert!(!starts_afresh(&steps(json!([click(), goto(), stop("12")]))));
        for moving in [
            json!({"action": "go_back"}),
            json!({"action": "go_forward"}),
            json!({"action": "new_tab"}),
            json!({"action": "tab_focus", "index": 0}),
            json!({"action": "close_tab"}),
        ] {
            let step = steps(json!([moving.clone()])).remove(0);
            assert!(gold_action(&step, None).is_ok(), "{step:?}");
            let run = steps(json!([goto(), click(), moving, stop("12")]));
            assert!(!starts_afresh(&run), "{run:?}");
        }
        assert!(!starts_afresh(&[]));
    }

    #[test]
    fn only_a_run_that_starts_afresh_names_a_first_page() {
        let back = json!({"action": "go_back"});
        assert_eq!(
            first_page(&steps(json!([goto(), click(), stop("")]))).as_deref(),
            Some(PAGE)
        );
        assert_eq!(first_page(&steps(json!([click(), goto(), stop("")]))), None);
        assert_eq!(first_page(&steps(json!([goto(), back, stop("")]))), None);
        assert_eq!(first_page(&steps(json!([stop("")]))), None);
    }
}
