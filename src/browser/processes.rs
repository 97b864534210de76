//! A local browser's processes, found through `/proc`: the browser process by the profile
//! its command line names, the rest (zygotes, renderers, GPU and utility processes) as its
//! descendants — the headless shell's children do not repeat the profile.

use rustix::process::{Pid, Signal, kill_process};
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;

/// The browser process whose command line names `profile` and that is not a child
/// (`--type=…`) of another browser process.
pub(super) fn browser_pid(profile: &Path) -> Option<u32> {
    let marker = format!("--user-data-dir={}", profile.display());
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let args: Vec<&[u8]> = cmdline.split(|byte| *byte == 0).collect();
            let ours = args.contains(&marker.as_bytes());
            let child = args.iter().any(|arg| arg.starts_with(b"--type="));
            (ours && !child).then_some(pid)
        })
}

/// `roots` and every process descended from them, roots first, each once (one pass over
/// `/proc` whatever the number of roots).
pub fn process_tree(roots: &[u32]) -> Vec<u32> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse().ok())
        else {
            continue;
        };
        if let Some(parent) = parent_of(&entry.path()) {
            children.entry(parent).or_default().push(pid);
        }
    }
    let mut found: Vec<u32> = Vec::new();
    let mut seen = HashSet::new();
    let mut queue: VecDeque<u32> = roots.iter().copied().collect();
    while let Some(pid) = queue.pop_front() {
        if seen.insert(pid) {
            found.push(pid);
            queue.extend(children.remove(&pid).unwrap_or_default());
        }
    }
    found
}

/// The parent pid in `/proc/<pid>/stat` (the field after the state, which follows the
/// command name in parentheses).
fn parent_of(proc_dir: &Path) -> Option<u32> {
    let stat = std::fs::read_to_string(proc_dir.join("stat")).ok()?;
    let (_, rest) = stat.rsplit_once(") ")?;
    rest.split(' ').nth(1)?.parse().ok()
}

/// Sends SIGKILL to each of `pids`; returns how many were signalled.
pub(super) fn kill_all(pids: &[u32]) -> usize {
    pids.iter()
        .filter(|pid| {
            i32::try_from(**pid)
                .ok()
                .and_then(Pid::from_raw)
                .is_some_and(|pid| kill_process(pid, Signal::KILL).is_ok())
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_of_this_process_holds_a_child_it_started() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let tree = process_tree(&[std::process::id()]);
        assert_eq!(tree[0], std::process::id());
        assert!(tree.contains(&child.id()), "{tree:?}");
        assert_eq!(kill_all(&[child.id()]), 1);
        child.wait().unwrap();
        assert!(!process_tree(&[std::process::id()]).contains(&child.id()));
    }
}
