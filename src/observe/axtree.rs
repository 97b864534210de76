//! The accessibility tree in WebArena's text format (`[nodeId] role 'name' prop: value`),
//! read through CDP's `Accessibility.getFullAXTree`.

use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// Roles that carry no information of their own when they have no name.
const SILENT_ROLES: [&str; 9] = [
    "generic",
    "none",
    "LineBreak",
    "paragraph",
    "list",
    "listitem",
    "InlineTextBox",
    "Section",
    "strong",
];

/// Properties WebArena leaves out because they are noise for an agent.
const SILENT_PROPERTIES: [&str; 6] = [
    "focusable",
    "editable",
    "readonly",
    "level",
    "settable",
    "multiline",
];

/// Formats the CDP `getFullAXTree` result as indented WebArena-style text.
pub fn format(tree: &Value) -> String {
    let nodes = tree["nodes"].as_array().cloned().unwrap_or_default();
    let by_id: HashMap<&str, &Value> = nodes
        .iter()
        .filter_map(|node| Some((node["nodeId"].as_str()?, node)))
        .collect();
    let mut out = String::new();
    if let Some(root) = nodes.first() {
        write_node(root, &by_id, 0, "", &mut out);
    }
    out.trim_end().to_owned()
}

fn write_node(
    node: &Value,
    by_id: &HashMap<&str, &Value>,
    depth: usize,
    parent_name: &str,
    out: &mut String,
) {
    let role = node["role"]["value"].as_str().unwrap_or("");
    let name = node["name"]["value"].as_str().unwrap_or("").trim();
    let ignored = node["ignored"].as_bool().unwrap_or(false);
    let silent = ignored
        || (name.is_empty() && SILENT_ROLES.contains(&role))
        || (role == "StaticText" && (name.is_empty() || parent_name.contains(name)));
    let child_depth = if silent {
        depth
    } else {
        let id = node["nodeId"].as_str().unwrap_or("");
        let _ = write!(
            out,
            "{}[{id}] {role} {}",
            "\t".repeat(depth),
            python_repr(name)
        );
        for property in node["properties"].as_array().into_iter().flatten() {
            let key = property["name"].as_str().unwrap_or("");
            if SILENT_PROPERTIES.contains(&key) {
                continue;
            }
            let _ = write!(
                out,
                " {key}: {}",
                property_value(&property["value"]["value"])
            );
        }
        out.push('\n');
        depth + 1
    };
    let own_name = if silent { parent_name } else { name };
    for child_id in node["childIds"].as_array().into_iter().flatten() {
        if let Some(child) = child_id.as_str().and_then(|id| by_id.get(id)) {
            write_node(child, by_id, child_depth, own_name, out);
        }
    }
}

/// Python's `repr` of a string, as WebArena prints names.
fn python_repr(text: &str) -> String {
    if text.contains('\'') && !text.contains('"') {
        format!("\"{text}\"")
    } else {
        format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

fn property_value(value: &Value) -> String {
    match value {
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::String(text) => text.clone(),
        Value::Null => "None".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn formats_nested_nodes_and_skips_redundant_text() {
        let tree = json!({"nodes": [
            {"nodeId": "1", "role": {"value": "RootWebArea"}, "name": {"value": "Shop"},
             "properties": [{"name": "focused", "value": {"value": true}}], "childIds": ["2"]},
            {"nodeId": "2", "role": {"value": "generic"}, "name": {"value": ""}, "childIds": ["3"]},
            {"nodeId": "3", "role": {"value": "link"}, "name": {"value": "Home"},
             "properties": [{"name": "focusable", "value": {"value": true}}], "childIds": ["4"]},
            {"nodeId": "4", "role": {"value": "StaticText"}, "name": {"value": "Home"}, "childIds": []},
        ]});
        assert_eq!(
            format(&tree),
            "[1] RootWebArea 'Shop' focused: True\n\t[3] link 'Home'"
        );
    }
}
