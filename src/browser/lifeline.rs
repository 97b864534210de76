//! Browser processes never outlive Agora.
//!
//! Each chromedriver runs in a process group of its own, which every Chromium process it
//! starts joins (Chromium keeps its parent's group). A watchdog — a two-line `sh` in a group
//! of its own, so a terminal's Ctrl-C does not reach it — holds the read end of a pipe whose
//! write end only Agora has, and kills the whole group when that pipe closes: on a normal
//! stop, a chromedriver restart, a panic, or a `kill -9` of Agora alike, since the kernel
//! closes the pipe whatever way Agora ends. (A parent-death signal would need `unsafe`
//! code in a `pre_exec` hook, and would end chromedriver but not the browsers it leaves
//! behind.) Leftovers of a run whose watchdog died too carry their owner's process id in
//! their command lines (`agora-driver-<pid>-`, `agora-profile-<pid>-`) and are reaped when
//! the next local chromedriver starts, along with dead owners' chromedriver logs and profiles.

use super::processes::{kill_all, process_tree};
use std::path::PathBuf;
use std::process::Stdio;
use tokio::process::{Child, ChildStdin, Command};

/// Waits for end of input, then kills process group `$1`; ignores hang-up and stop signals.
const WATCHDOG_SCRIPT: &str = "trap '' HUP INT TERM; read -r _; kill -KILL \"-$1\" 2>/dev/null";

/// Command-line markers that name the Agora process a browser process belongs to.
const OWNER_MARKERS: [&str; 2] = ["agora-driver-", "agora-profile-"];

/// Ends a process group when dropped or ended, or when Agora dies.
#[derive(Debug)]
pub(super) struct GroupGuard {
    watchdog: Child,
    /// Agora's end of the watchdog's pipe; closing it ends the group.
    pipe: Option<ChildStdin>,
    /// The group's directory of browser profiles, removed once the group has ended.
    profiles: PathBuf,
}

impl GroupGuard {
    /// Starts the watchdog of process group `group` (the pid of the group's leader), whose
    /// browsers keep their profiles in `profiles`.
    pub(super) fn watch(group: u32, profiles: PathBuf) -> std::io::Result<Self> {
        let mut watchdog = Command::new("/bin/sh")
            .arg("-c")
            .arg(WATCHDOG_SCRIPT)
            .arg(format!("agora-watchdog-{}", std::process::id()))
            .arg(group.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()?;
        let pipe = watchdog.stdin.take();
        Ok(Self {
            watchdog,
            pipe,
            profiles,
        })
    }

    /// Kills the group now, removes its profiles and returns once it is done.
    pub(super) async fn end(mut self) {
        self.pipe = None;
        if let Err(error) = self.watchdog.wait().await {
            tracing::warn!(%error, "the browser watchdog could not be awaited");
        }
        // Left in place if this fails: the next start reaps it once Agora has ended.
        let _ = std::fs::remove_dir_all(&self.profiles);
    }
}

/// Whether the process `pid` runs.
fn is_running(pid: u32) -> bool {
    std::path::Path::new("/proc").join(pid.to_string()).exists()
}

/// Removes what Agora processes that no longer run left in the temp directory: their
/// chromedriver logs (`agora-driver-<pid>-<port>.log`) and browser profiles
/// (`agora-profile-<pid>-*` directories). Symbolic links are never followed.
fn remove_dead_owners_files() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            continue;
        };
        if owner_of(name).is_none_or(is_running) {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        // A profile a dying browser still writes to may resist removal; the next start retries.
        if name.starts_with(OWNER_MARKERS[0]) && name.ends_with(".log") && kind.is_file() {
            let _ = std::fs::remove_file(entry.path());
        } else if name.starts_with(OWNER_MARKERS[1]) && kind.is_dir() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Kills the browser processes of Agora processes that no longer run (their command line
/// names a dead owner), then removes those owners' chromedriver logs and browser profiles;
/// returns how many processes were killed.
pub(super) fn reap_leftovers() -> usize {
    let killed = kill_dead_owners_processes();
    remove_dead_owners_files();
    killed
}

/// Kills the processes whose command line names an owner that no longer runs, and every
/// process they started (a headless shell's renderers do not repeat the profile).
fn kill_dead_owners_processes() -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let orphans: Vec<u32> = entries
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let owner = owner_of(&String::from_utf8_lossy(&cmdline))?;
            (!is_running(owner)).then_some(pid)
        })
        .collect();
    let killed = kill_all(&process_tree(&orphans));
    if killed > 0 {
        tracing::info!(
            killed,
            "ended browser processes left by a previous Agora run"
        );
    }
    killed
}

/// The owner pid a command line names with one of [`OWNER_MARKERS`].
fn owner_of(cmdline: &str) -> Option<u32> {
    OWNER_MARKERS.iter().find_map(|marker| {
        let (_, rest) = cmdline.split_once(marker)?;
        let (digits, _) = rest.split_once('-')?;
        digits.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_comes_from_either_marker() {
        assert_eq!(
            owner_of("chromedriver\0--log-path=/tmp/agora-driver-4242-9515.log"),
            Some(4242)
        );
        assert_eq!(
            owner_of("chromium\0--type=renderer\0--user-data-dir=/tmp/agora-profile-17-AbC"),
            Some(17)
        );
        assert_eq!(owner_of("chromium\0--user-data-dir=/home/me/.config"), None);
        assert_eq!(owner_of("agora-driver-x-1"), None);
    }

    #[test]
    fn logs_and_profiles_of_dead_owners_are_removed_and_live_ones_kept() {
        let temp = std::env::temp_dir();
        // Beyond Linux's largest pid, so never running.
        let dead_log = temp.join("agora-driver-4194999-1.log");
        let live_log = temp.join(format!("agora-driver-{}-2.log", std::process::id()));
        let dead_profile = temp.join("agora-profile-4194999-Ab1");
        let live_profile = temp.join(format!("agora-profile-{}-Cd2", std::process::id()));
        for profile in [&dead_profile, &live_profile] {
            std::fs::create_dir_all(profile.join("Default")).unwrap();
            std::fs::write(profile.join("Default/Cookies"), "x").unwrap();
        }
        std::fs::write(&dead_log, "").unwrap();
        std::fs::write(&live_log, "").unwrap();
        reap_leftovers();
        assert!(!dead_log.exists());
        assert!(!dead_profile.exists());
        assert!(live_log.exists());
        assert!(live_profile.join("Default/Cookies").exists());
        std::fs::remove_file(live_log).unwrap();
        std::fs::remove_dir_all(live_profile).unwrap();
    }
}
