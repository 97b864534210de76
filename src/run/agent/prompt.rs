//! The built-in agent's prompt, in VWA's structure (system rules with the action grammar,
//! then per turn the objective and its images, the page, the tabs and the previous actions),
//! in Agora's own words.

use super::ObservationKind;
use crate::act::Action;

/// What each element-id action does, by keyword. The built-in agent is offered these
/// only; coordinate actions (`mouse_click` …) are for computer-use models.
const DESCRIPTIONS: [(&str, &str); 15] = [
    ("click", "click the element"),
    ("hover", "move the mouse over the element"),
    (
        "type",
        "clear the field and type the text; the last bracket is 1 to press Enter afterwards (the default) or 0 not to",
    ),
    ("clear", "empty the field"),
    ("select", "choose an option of a drop-down list by its text"),
    (
        "upload",
        "put a file into a file field: the number of an image given with the objective (0 is the first)",
    ),
    (
        "press",
        "press a key or combination, e.g. Enter or Control+a",
    ),
    ("scroll", "scroll the page up or down by one screen"),
    ("new_tab", "open an empty tab and switch to it"),
    (
        "tab_focus",
        "switch to the tab with that number (0 is the first)",
    ),
    ("close_tab", "close the current tab"),
    ("goto", "open the URL in the current tab"),
    ("go_back", "go back to the previous page"),
    ("go_forward", "go forward again"),
    (
        "stop",
        "finish: put the answer in the brackets if the objective asks for one, else leave them empty (stop []); answer N/A if the objective cannot be achieved",
    ),
];

fn description(entry: &str) -> Option<&'static str> {
    let keyword = entry.split([' ', '[']).next().unwrap_or(entry);
    DESCRIPTIONS
        .iter()
        .find(|(name, _)| *name == keyword)
        .map(|(_, text)| *text)
}

/// The system message: what the agent sees, the actions, the rules.
pub fn system(kind: ObservationKind) -> String {
    let page = match kind {
        ObservationKind::Som => {
            "a screenshot in which every element you can act on has a numbered box, and the list of those elements"
        }
        ObservationKind::Screenshot => "a screenshot, and the list of elements you can act on",
        ObservationKind::Axtree => {
            "the page's accessibility tree, and the list of elements you can act on"
        }
        ObservationKind::Text => "the list of elements you can act on",
    };
    let actions: Vec<String> = Action::grammar()
        .iter()
        .filter_map(|entry| Some(format!("- {entry}: {}", description(entry)?)))
        .collect();
    format!(
        "You are an agent that carries out tasks in a web browser, one action at a time.\n\n\
         Each turn you are given:\n\
         - OBJECTIVE: the task, sometimes with images it refers to.\n\
         - URL and TABS: the page you are on and the open tabs.\n\
         - OBSERVATION: {page}. Elements are listed one per line as [id] [TAG] [text]; \
         lines [] [StaticText] [text] are text shown on the page.\n\
         - PREVIOUS ACTIONS: what you have done so far, with the actions that were refused.\n\n\
         Actions (ids are those of the current observation):\n{}\n\n\
         Rules:\n\
         1. Give exactly one action per reply, valid on the current observation.\n\
         2. Think briefly, then end your reply with the action in a code fence, for example: \
         In summary, the next action is ```click [12]```\n\
         3. Issue stop as soon as the objective is met.",
        actions.join("\n")
    )
}

/// The text of one turn (the images go around it).
pub fn turn(
    intent: &str,
    url: &str,
    tabs: &str,
    observation: &str,
    previous_actions: &[String],
) -> String {
    let previous = if previous_actions.is_empty() {
        "None".to_owned()
    } else {
        previous_actions
            .iter()
            .enumerate()
            .map(|(index, action)| format!("{}. {action}", index + 1))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "OBJECTIVE: {intent}\nURL: {url}\nTABS: {tabs}\nOBSERVATION:\n{observation}\nPREVIOUS ACTIONS:\n{previous}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_of_the_grammar_is_described() {
        let prompt = system(ObservationKind::Som);
        for (keyword, _) in DESCRIPTIONS {
            let entry = Action::grammar()
                .into_iter()
                .find(|entry| entry.split([' ', '[']).next() == Some(keyword))
                .unwrap_or_else(|| panic!("{keyword} is not an action"));
            assert!(
                prompt.contains(&format!("- {entry}: ")),
                "{entry} is offered"
            );
        }
        assert!(
            !prompt.contains("mouse_click"),
            "coordinate actions are not offered"
        );
        assert!(prompt.contains("- type [id] [text] [0|1]: clear the field"));
        assert!(prompt.contains("numbered box"));
    }

    #[test]
    fn turns_list_previous_actions_in_order() {
        let text = turn(
            "Find the red bike.",
            "http://x/",
            "Tab 0 (current): Home",
            "[1] [A] [Home]",
            &["click [1]".into(), "scroll [down]".into()],
        );
        assert!(text.starts_with("OBJECTIVE: Find the red bike.\n"));
        assert!(text.ends_with("PREVIOUS ACTIONS:\n1. click [1]\n2. scroll [down]"));
        assert!(
            turn("o", "u", "t", "", &[]).ends_with("PREVIOUS ACTIONS:\nNone"),
            "an empty history says so"
        );
    }
}
