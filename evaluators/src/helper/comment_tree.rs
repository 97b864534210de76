//! Searches over a forum post's comment tree (as read by `js/reddit_comment_tree.js`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A node of the comment tree; the root stands for the post page itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommentNode {
    /// Author's username.
    #[serde(default)]
    pub username: String,
    /// Net vote score.
    #[serde(default)]
    pub net_score: i64,
    /// Comment body text.
    #[serde(default)]
    pub content: String,
    /// Posting time in milliseconds since the epoch (none for the root).
    #[serde(default)]
    pub time: Option<f64>,
    /// Replies one level deeper.
    #[serde(default)]
    pub children: Vec<CommentNode>,
}

impl CommentNode {
    /// The newest comment (below the root) written by `username`.
    pub fn latest_by(&self, username: &str) -> Option<&CommentNode> {
        let mut best: Option<&CommentNode> = None;
        let mut pending: Vec<&CommentNode> = self.children.iter().collect();
        while let Some(node) = pending.pop() {
            if node.username == username && newer(node, best) {
                best = Some(node);
            }
            pending.extend(node.children.iter());
        }
        best
    }

    /// The node replied to by `username`'s newest reply. As in VWA, the search does not
    /// descend into that user's own comments.
    pub fn parent_of_latest_by(&self, username: &str) -> Option<&CommentNode> {
        let mut newest: Option<&CommentNode> = None;
        let mut parent: Option<&CommentNode> = None;
        let mut pending: Vec<&CommentNode> = vec![self];
        while let Some(node) = pending.pop() {
            for child in &node.children {
                if child.username == username {
                    if newer(child, newest) {
                        newest = Some(child);
                        parent = Some(node);
                    }
                } else {
                    pending.push(child);
                }
            }
        }
        parent
    }

    /// The node as a JSON object (without children), as VWA's `…_obj_…` helper returns it.
    pub fn to_value(&self) -> Value {
        serde_json::json!({
            "username": self.username,
            "net_score": self.net_score,
            "content": self.content,
            "time": self.time,
        })
    }
}

fn newer(node: &CommentNode, best: Option<&CommentNode>) -> bool {
    match best {
        None => true,
        Some(best) => node.time.unwrap_or(f64::MIN) > best.time.unwrap_or(f64::MIN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> CommentNode {
        serde_json::from_value(serde_json::json!({
            "username": "poster", "children": [
                {"username": "alice", "content": "first", "time": 10.0, "children": [
                    {"username": "bob", "content": "reply to alice", "time": 30.0, "children": [
                        {"username": "bob", "content": "bob under bob", "time": 50.0}
                    ]}
                ]},
                {"username": "bob", "content": "top level", "time": 20.0},
                {"username": "carol", "content": "c", "time": 40.0, "children": []}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn latest_comment_by_username() {
        let tree = tree();
        assert_eq!(tree.latest_by("bob").unwrap().content, "bob under bob");
        assert_eq!(tree.latest_by("carol").unwrap().content, "c");
        assert!(tree.latest_by("nobody").is_none());
        assert_eq!(tree.latest_by("bob").unwrap().to_value()["time"], 50.0);
    }

    #[test]
    fn parent_of_latest_reply_skips_the_users_own_subtree() {
        let tree = tree();
        assert_eq!(tree.parent_of_latest_by("bob").unwrap().username, "alice");
        assert_eq!(
            tree.parent_of_latest_by("alice").unwrap().username,
            "poster"
        );
        assert!(tree.parent_of_latest_by("nobody").is_none());
    }
}
