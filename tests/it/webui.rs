//! The WebUI sandbox and AES in real Chromium: every target scores 1 against itself and 0
//! blank, a degradation ladder scores strictly lower at each rung, a different build of the
//! same look scores high, write actions show the rendered workspace and its errors, and an
//! agent's page cannot reach the API, the targets or another workspace; a target's
//! screenshots for its task description are rendered at 1920×1080, one per state.

use crate::support::step_outcome;
use crate::support::{Harness, run};
use agora::env::EpisodeHandle;
use agora::observe::ObserveOptions;
use evaluators::aes::Interaction;
use evaluators::{EvalMode, Page, PageError};
use serde_json::json;
use std::time::Instant;
use webui::targets::{TARGETS, Target};

/// An episode of a WebUI task on `target`, at the size MageBench renders (1920×1080).
pub(crate) async fn episode(harness: &Harness, target: &Target) -> EpisodeHandle {
    episode_sized(harness, target, (1920, 1080)).await
}

/// An episode of a WebUI task on `target` with a viewport of `(width, height)`.
pub(crate) async fn episode_sized(
    harness: &Harness,
    target: &Target,
    (width, height): (u32, u32),
) -> EpisodeHandle {
    let manifest = target.manifest().unwrap();
    let task = json!({
        "sites": ["webui"], "task_id": 0, "require_login": false,
        "start_url": "__WEBUI__/workspace/", "intent": manifest.description,
        "viewport_size": {"width": width, "height": height},
        "eval": {"eval_types": ["aes"], "aes": {
            "target": target.name, "interactions": manifest.interactions, "pass_threshold": 0.9}}
    });
    let context = harness.env.inline_task(&task).unwrap();
    harness
        .env
        .create_task_episode(context, ObserveOptions::default())
        .await
        .unwrap()
}

/// Writes the three files through the actions (their JSON form).
pub(crate) async fn write(episode: &EpisodeHandle, files: [&str; 3]) {
    for (action, content) in ["write_html", "write_css", "write_javascript"]
        .into_iter()
        .zip(files)
    {
        let step = json!({"action": action, "content": content}).to_string();
        let outcome = step_outcome(episode, &step).await;
        assert!(outcome.error.is_none(), "{action}: {:?}", outcome.error);
    }
}

/// Writes the three files straight to the episode's workspace through the site's own route,
/// from the episode's page on the site (what the actions write, without showing the page
/// after each file: the ladder writes many versions).
pub(crate) async fn put(episode: &EpisodeHandle, files: [&str; 3]) {
    let browser = episode.browser().await.unwrap();
    for (file, content) in webui::WorkspaceFile::ALL.into_iter().zip(files) {
        let status = browser
            .execute(
                "return fetch('/workspace/' + arguments[0], {method: 'PUT', body: arguments[1]})\
                   .then((response) => response.status);",
                vec![json!(file.name()), json!(content)],
            )
            .await
            .unwrap();
        assert_eq!(status, 204, "writing {}", file.name());
    }
}

/// The target's screenshots for its task description, one per state.
async fn screenshots(harness: &Harness, target: &Target) -> Vec<Vec<u8>> {
    let config = webui::tasks::screenshot_config(target).unwrap();
    let context = harness.env.inline_task(&config).unwrap();
    harness.env.target_screenshots(context).await.unwrap()
}

/// The episode's AES and its report.
pub(crate) async fn aes(episode: &EpisodeHandle) -> (f64, serde_json::Value) {
    aes_in(episode, EvalMode::Correct).await
}

/// The episode's AES and its report in `mode`.
pub(crate) async fn aes_in(episode: &EpisodeHandle, mode: EvalMode) -> (f64, serde_json::Value) {
    let evaluation = episode.evaluate(Some(mode)).await.unwrap();
    let report = serde_json::to_value(&evaluation.evaluators[0].aes).unwrap();
    (evaluation.score().unwrap(), report)
}

fn files(target: &Target) -> [&'static str; 3] {
    [target.html, target.css, target.javascript]
}

/// One rung of the degradation ladder: CSS added after the target's, and whether the
/// target's script is kept. Rungs are cumulative.
struct Rung {
    name: &'static str,
    css: &'static str,
    keeps_script: bool,
}

const LADDER: &[Rung] = &[
    Rung {
        name: "colour shift",
        css: "[data-filter-by] { color: rgb(200, 40, 40) !important; }",
        keeps_script: true,
    },
    Rung {
        name: "font-size change",
        css: "[data-filter-by] { font-size: 11px !important; }",
        keeps_script: true,
    },
    Rung {
        name: "moved blocks",
        css: "body { transform: translate(180px, 120px); }",
        keeps_script: true,
    },
    Rung {
        name: "missing interaction",
        css: "",
        keeps_script: false,
    },
    Rung {
        name: "missing elements",
        css: "[data-filter-by]:nth-child(2n+1) { visibility: hidden !important; }",
        keeps_script: false,
    },
];

#[test]
fn a_target_renders_one_1920_by_1080_screenshot_per_state() {
    run(|harness| async move {
        let tabs = webui::targets::named("tabs").unwrap();
        let shots = screenshots(harness, tabs).await;
        let interactions = tabs.manifest().unwrap().interactions.len();
        assert_eq!(
            shots.len(),
            1 + interactions,
            "the initial state, then one per interaction"
        );
        let images: Vec<image::RgbImage> = shots
            .iter()
            .map(|png| {
                image::load_from_memory_with_format(png, image::ImageFormat::Png)
                    .unwrap()
                    .to_rgb8()
            })
            .collect();
        for image in &images {
            assert_eq!(image.dimensions(), webui::tasks::SCREENSHOT_SIZE);
        }
        // Clicking #tab-specs shows another panel, and #tab-reviews a third.
        assert!(
            images[0] != images[1],
            "click [#tab-specs] changed no pixel"
        );
        assert!(
            images[1] != images[2],
            "click [#tab-reviews] changed no pixel"
        );
        // Rendering again gives the same pixels, so re-running the command only rewrites.
        let again = screenshots(harness, tabs).await;
        let first = image::load_from_memory(&again[0]).unwrap().to_rgb8();
        assert!(
            first == images[0],
            "the initial state rendered differently twice"
        );
    });
}

/// For every target: a blank workspace scores 0, the target's own files 1, and each rung of
/// the ladder strictly less than the one before. Then the calibration of `pass_threshold`
/// (docs/evaluation-modes.md): a rebuild with lengths ×1.0 passes, and a rebuild without its
/// script (nor its `:hover` / `:focus` / `:active` rules), with its colours inverted or its
/// text scrambled fails, a task passing only when every state reaches the threshold. Prints
/// each rebuild's mean and lowest state.
/// The ladder test, a quarter of the targets per test so the four spread over the test threads.
macro_rules! ladder_tests {
    ($($name:ident: $quarter:expr;)*) => {$(
        #[test]
        fn $name() {
            run(|harness| scores_one_itself_zero_blank_lower_at_every_rung_and_fail_broken_rebuilds(
                harness,
                TARGETS.iter().skip($quarter).step_by(4),
            ));
        }
    )*};
}

ladder_tests! {
    every_target_scores_one_itself_zero_blank_lower_at_every_rung_and_fails_broken_rebuilds_1: 0;
    every_target_scores_one_itself_zero_blank_lower_at_every_rung_and_fails_broken_rebuilds_2: 1;
    every_target_scores_one_itself_zero_blank_lower_at_every_rung_and_fails_broken_rebuilds_3: 2;
    every_target_scores_one_itself_zero_blank_lower_at_every_rung_and_fails_broken_rebuilds_4: 3;
}

async fn scores_one_itself_zero_blank_lower_at_every_rung_and_fail_broken_rebuilds(
    harness: &Harness,
    targets: impl Iterator<Item = &'static Target>,
) {
    let mut wrong = Vec::new();
    for target in targets {
        let episode = episode(harness, target).await;
        let (blank, report) = aes(&episode).await;
        assert!(
            blank.abs() < 1e-9 && report["passed"] == false,
            "{}: blank page scored {blank}",
            target.name
        );
        put(&episode, files(target)).await;
        let started = Instant::now();
        let (score, report) = aes(&episode).await;
        let elapsed = started.elapsed();
        assert!(
            (score - 1.0).abs() < 1e-6 && report["passed"] == true,
            "{}: the target against itself scored {score}: {report:#}",
            target.name
        );
        let states = report["states"].as_array().unwrap().len();
        eprintln!(
            "AES of {} ({states} states): {:.0} ms",
            target.name,
            elapsed.as_secs_f64() * 1000.0
        );
        let mut css = target.css.to_owned();
        let mut previous = (String::from("the target"), score);
        for rung in LADDER {
            css.push('\n');
            css.push_str(rung.css);
            let script = if rung.keeps_script {
                target.javascript
            } else {
                ""
            };
            put(&episode, [target.html, &css, script]).await;
            let (score, _) = aes(&episode).await;
            assert!(
                score < previous.1,
                "{}: `{}` scored {score}, not below `{}` at {}",
                target.name,
                rung.name,
                previous.0,
                previous.1
            );
            previous = (rung.name.to_owned(), score);
        }
        let mut line = format!("{:<11}", target.name);
        for (name, files) in broken_rebuilds(target) {
            put(&episode, [&files[0], &files[1], &files[2]]).await;
            let (score, report) = aes(&episode).await;
            let min_state = report["min_state"].as_f64().unwrap();
            line.push_str(&format!(" | {name} {score:.3}/{min_state:.3}"));
            if report["passed"] == true {
                wrong.push(format!(
                    "{}: `{name}` passed (mean {score:.3}, lowest state {min_state:.3})",
                    target.name
                ));
            }
        }
        eprintln!("{line}");
        crate::support::close(&episode).await;
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_same_look_built_with_other_tags_scores_high() {
    run(|harness| async move {
        let target = webui::targets::named("landing").unwrap();
        let episode = episode(harness, target).await;
        let html = target
            .html
            .replace("<h1 ", "<div class=\"headline\" ")
            .replace("</h1>", "</div>");
        let css = target
            .css
            .replace(".hero h1 {", ".hero .headline { font-weight: 700; ")
            .replace(
                ".features { display: flex; justify-content: center;",
                ".features { display: grid; grid-template-columns: repeat(3, 360px); justify-content: center;",
            );
        assert_ne!(css, target.css);
        write(&episode, [&html, &css, target.javascript]).await;
        let (score, report) = aes(&episode).await;
        assert!(
            score >= 0.9,
            "div for h1 and grid for flex scored {score}: {report:#}"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn a_write_shows_the_rendered_workspace_with_its_errors() {
    run(|harness| async move {
        let target = webui::targets::named("pricing").unwrap();
        let episode = episode(harness, target).await;
        let html = "<!DOCTYPE html><html><head><link rel=\"stylesheet\" href=\"style.css\"></head>\
                    <body><h1 id=\"hello\">Hello there</h1><img src=\"missing.png\" alt=\"x\">\
                    <script src=\"script.js\"></script></body></html>";
        write(
            &episode,
            [html, "h1 { color: rgb(1, 2, 3); }", "undefinedThing();"],
        )
        .await;
        let observation = crate::support::observation(&episode).await;
        assert!(
            observation.url.ends_with("/workspace/"),
            "{}",
            observation.url
        );
        assert!(observation.som_text().contains("Hello there"));
        let errors = observation.page_errors.join("\n");
        assert!(
            errors.contains("exception: ") && errors.contains("undefinedThing"),
            "{errors}"
        );
        assert!(
            errors.contains("resource: img failed to load") && errors.contains("missing.png"),
            "{errors}"
        );
        let colour = crate::support::js(
            &episode,
            "getComputedStyle(document.getElementById('hello')).color",
        )
        .await;
        assert_eq!(colour, "rgb(1, 2, 3)");
        // A page that throws on load scores 0, whatever it shows.
        let (score, _) = aes(&episode).await;
        assert_eq!(score, 0.0);
        let too_big =
            json!({"action": "write_css", "content": "a".repeat(webui::MAX_FILE_BYTES + 1)});
        let outcome = step_outcome(&episode, &too_big.to_string()).await;
        let error = outcome.error.expect("over the cap");
        assert_eq!(error.code(), "file_too_large", "{error}");
        crate::support::close(&episode).await;
    });
}

#[test]
fn an_agent_page_reaches_neither_the_api_nor_targets_nor_other_workspaces() {
    run(|harness| async move {
        let target = webui::targets::named("tabs").unwrap();
        let other = episode(harness, target).await;
        write(
            &other,
            [
                "<!DOCTYPE html><html><body><p>other secret</p></body></html>",
                "",
                "",
            ],
        )
        .await;
        let episode = episode(harness, target).await;
        // A loopback server the fence does not allow, standing in for the control API.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api = format!("http://{}", listener.local_addr().unwrap());
        let router = axum::Router::new().fallback(|| async { "control api" });
        tokio::spawn(async move { axum::serve(listener, router).await });
        let probes = json!([
            format!("{api}/health"),
            "/staged/00000000000000000000000000000000/",
            "/targets/tabs/index.html",
            "/tabs/index.html",
            "file:///etc/passwd",
        ]);
        let script = format!(
            "const probes = {probes};\n\
             Promise.all(probes.map((url) => fetch(url).then((r) => r.status + ' ' + url).catch(() => 'blocked ' + url)))\n\
               .then((lines) => {{ document.getElementById('out').textContent = lines.join('\\n'); }});"
        );
        write(&episode, ["<!DOCTYPE html><html><body><pre id=\"out\"></pre><script src=\"script.js\"></script></body></html>", "", &script]).await;
        let lines =
            crate::support::js(&episode, "document.getElementById('out').textContent").await;
        let lines = lines.as_str().unwrap();
        for line in lines.lines() {
            assert!(
                !line.starts_with("200") && !line.contains("other secret"),
                "the agent's page reached {line}\n{lines}"
            );
        }
        assert_eq!(lines.lines().count(), 5, "{lines}");
        let page = crate::support::js(&episode, "document.body.innerText").await;
        assert!(!page.as_str().unwrap().contains("other secret"));
        crate::support::close(&episode).await;
        crate::support::close(&other).await;
    });
}

/// MageBench's own verdicts on 27 pages for three targets (`tests/fixtures/magebench_verdicts/`):
/// `magebench` mode scores each within 0.01 of MageBench's AES and every state within 0.02.
/// Two tests, every other verdict each, so they spread over the test threads.
#[test]
fn magebench_mode_matches_magebench_on_every_development_verdict_1() {
    run(|harness| matches_magebench_on_every_other_verdict(harness, 0));
}

#[test]
fn magebench_mode_matches_magebench_on_every_development_verdict_2() {
    run(|harness| matches_magebench_on_every_other_verdict(harness, 1));
}

/// The verdicts from the `first`-th on, every other one, in `magebench` mode.
async fn matches_magebench_on_every_other_verdict(harness: &Harness, first: usize) {
    let dir = crate::support::fixture_dir().join("magebench_verdicts");
    let verdicts = std::fs::read_to_string(dir.join("verdicts.jsonl")).unwrap();
    // Verdicts on shipped targets; the others are on development pages of their own.
    let shipped: Vec<&str> = verdicts
        .lines()
        .filter(|line| webui::targets::named(&verdict_of(line).0).is_ok())
        .collect();
    assert_eq!(shipped.len(), 27, "MageBench's development verdicts");
    let mut episodes: Vec<(&str, EpisodeHandle)> = Vec::new();
    let mut misses = Vec::new();
    for line in shipped.into_iter().skip(first).step_by(2) {
        let verdict: serde_json::Value = serde_json::from_str(line).unwrap();
        let target = webui::targets::named(verdict["target"].as_str().unwrap()).unwrap();
        let candidate = verdict["candidate"].as_str().unwrap();
        if !episodes.iter().any(|(name, _)| *name == target.name) {
            episodes.push((target.name, episode(harness, target).await));
        }
        let episode = &episodes
            .iter()
            .find(|(name, _)| *name == target.name)
            .unwrap()
            .1;
        let folder = dir.join(target.name).join(candidate);
        let files = ["index.html", "style.css", "script.js"]
            .map(|file| std::fs::read_to_string(folder.join(file)).unwrap());
        put(episode, [&files[0], &files[1], &files[2]]).await;
        let started = Instant::now();
        let (score, report) = aes_in(episode, EvalMode::Magebench).await;
        let label = format!("{}/{candidate}", target.name);
        if !agrees(&label, &verdict, score, &report, started.elapsed()) {
            misses.push(format!("{label}: {report:#}"));
        }
    }
    for (_, episode) in &episodes {
        crate::support::close(episode).await;
    }
    assert!(misses.is_empty(), "{}", misses.join("\n\n"));
}

/// A verdict line's target and candidate.
fn verdict_of(line: &str) -> (String, String) {
    let verdict: serde_json::Value = serde_json::from_str(line).unwrap();
    let name = |key: &str| verdict[key].as_str().unwrap().to_owned();
    (name("target"), name("candidate"))
}

/// Whether our `score` and `report` agree with MageBench's `verdict`: the AES within 0.01,
/// every state within 0.02 (a state MageBench scored null, an interaction that failed on the
/// candidate, scores 0 with its failure said). Prints both.
fn agrees(
    label: &str,
    verdict: &serde_json::Value,
    score: f64,
    report: &serde_json::Value,
    took: std::time::Duration,
) -> bool {
    let expected = verdict["magebench_aes"].as_f64().unwrap();
    let states = report["states"].as_array().unwrap();
    let expected_states: Vec<Option<f64>> = verdict["magebench_states"]
        .as_object()
        .unwrap()
        .values()
        .map(serde_json::Value::as_f64)
        .collect();
    let ours: Vec<f64> = states
        .iter()
        .map(|state| state["score"].as_f64().unwrap())
        .collect();
    eprintln!(
        "{label}: {score:.4} (MageBench {expected:.4}), states {ours:.4?} (MageBench {expected_states:?}), {:.0} ms",
        took.as_secs_f64() * 1000.0
    );
    if states.len() != expected_states.len() {
        return false;
    }
    let mut right = (score - expected).abs() <= 0.01;
    for (state, theirs) in states.iter().zip(&expected_states) {
        let score = state["score"].as_f64().unwrap();
        right &= match theirs {
            Some(theirs) => (score - theirs).abs() <= 0.02 && state["failure"].is_null(),
            None => score == 0.0 && !state["failure"].is_null(),
        };
    }
    right
}

/// Serves a development page's `a_identical` as the target, from the fixture server.
struct FixtureTarget(String);

impl evaluators::TargetStaging for FixtureTarget {
    fn stage(&self, _: &str) -> evaluators::site_queries::QueryFuture<'_, String> {
        let url = self.0.clone();
        Box::pin(async move { Ok(url) })
    }
    fn release(&self, _: &str) -> evaluators::site_queries::QueryFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }
}

/// `magebench` mode on the candidates of development page `name`
/// (`tests/fixtures/magebench_verdicts/<name>/`, not a shipped target): its `a_identical` is
/// the target, each candidate is served as it is, and every verdict agrees.
pub(crate) async fn matches_magebench_on_fixture(harness: &Harness, name: &str) {
    let dir = crate::support::fixture_dir().join("magebench_verdicts");
    let verdicts = std::fs::read_to_string(dir.join("verdicts.jsonl")).unwrap();
    let lines: Vec<&str> = verdicts
        .lines()
        .filter(|line| verdict_of(line).0 == name)
        .collect();
    assert!(lines.len() >= 5, "{name}: {} verdicts", lines.len());
    let interactions: Vec<Interaction> = serde_json::from_str(
        &std::fs::read_to_string(dir.join(name).join("interactions.json")).unwrap(),
    )
    .unwrap();
    let spec = evaluators::aes::AesSpec {
        target: name.to_owned(),
        interactions,
        pass_threshold: 0.9,
    };
    let page_of =
        |candidate: &str| harness.url(&format!("magebench_verdicts/{name}/{candidate}/index.html"));
    let staging = FixtureTarget(page_of("a_identical"));
    let queries = evaluators::SiteQuerySet::default();
    let mut spec_1080 = harness.spec_720p("index.html");
    spec_1080.viewport = Some(agora::browser::Viewport {
        width: 1920,
        height: 1080,
    });
    let episode = harness.try_open(spec_1080).await.unwrap();
    let mut misses = Vec::new();
    for line in lines {
        let verdict: serde_json::Value = serde_json::from_str(line).unwrap();
        let candidate = verdict_of(line).1;
        let started = Instant::now();
        let evaluated = {
            let guard = episode.browser().await.unwrap();
            let mut page = guard.page(harness.env.allowed());
            let sites = evaluators::SiteAccess {
                queries: &queries,
                staging: Some(&staging),
                kept_targets: None,
            };
            evaluators::aes::evaluate_aes(
                &spec,
                &page_of(&candidate),
                &mut page,
                sites,
                EvalMode::Magebench,
            )
            .await
            .unwrap()
        };
        let report = serde_json::to_value(evaluated.aes.as_ref().unwrap()).unwrap();
        let score = report["score"].as_f64().unwrap();
        let label = format!("{name}/{candidate}");
        if !agrees(&label, &verdict, score, &report, started.elapsed()) {
            misses.push(format!("{label}: {report:#}"));
        }
    }
    crate::support::close(&episode).await;
    assert!(misses.is_empty(), "{}", misses.join("\n\n"));
}

/// `css` with every `#rgb` / `#rrggbb` colour mapped channel by channel.
fn recoloured(css: &str, map: impl Fn(u8) -> u8) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let digits: String = rest[at + 1..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        let channels: Option<Vec<u8>> = match digits.len() {
            3 => Some(
                digits
                    .chars()
                    .map(|digit| u8::from_str_radix(&format!("{digit}{digit}"), 16).unwrap())
                    .collect(),
            ),
            6 => Some(
                (0..3)
                    .map(|index| u8::from_str_radix(&digits[index * 2..index * 2 + 2], 16).unwrap())
                    .collect(),
            ),
            _ => None,
        };
        match channels {
            Some(channels) => {
                out.push('#');
                for channel in channels {
                    out.push_str(&format!("{:02x}", map(channel)));
                }
            }
            None => out.push_str(&format!("#{digits}")),
        }
        rest = &rest[at + 1 + digits.len()..];
    }
    out.push_str(rest);
    out
}

/// `css` without the rules for `:hover`, `:focus` and `:active`.
fn without_pointer_styles(css: &str) -> String {
    css.split_inclusive('}')
        .filter(|rule| {
            let selector = rule.split('{').next().unwrap_or_default();
            ![":hover", ":focus", ":active"]
                .iter()
                .any(|pseudo| selector.contains(pseudo))
        })
        .collect()
}

/// `html` with the letters of its text (not of tags, scripts or styles) rotated by 13 and its
/// digits by 5.
fn scrambled_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let (mut in_tag, mut raw) = (false, false);
    for (index, character) in html.char_indices() {
        match character {
            '<' => {
                in_tag = true;
                let tag = &html[index..];
                if tag.starts_with("<script")
                    || tag.starts_with("<style")
                    || tag.starts_with("<title")
                {
                    raw = true;
                } else if tag.starts_with("</script")
                    || tag.starts_with("</style")
                    || tag.starts_with("</title")
                {
                    raw = false;
                }
            }
            '>' => in_tag = false,
            _ => {}
        }
        out.push(match character {
            'a'..='z' if !in_tag && !raw => (b'a' + (character as u8 - b'a' + 13) % 26) as char,
            'A'..='Z' if !in_tag && !raw => (b'A' + (character as u8 - b'A' + 13) % 26) as char,
            '0'..='9' if !in_tag && !raw => (b'0' + (character as u8 - b'0' + 5) % 10) as char,
            other => other,
        });
    }
    out
}

/// Broken rebuilds of a target, which must fail: no script, inverted colours, scrambled text.
fn broken_rebuilds(target: &Target) -> [(&'static str, [String; 3]); 3] {
    let (html, css, script) = (target.html, target.css, target.javascript);
    [
        (
            "no script",
            [html.into(), without_pointer_styles(css), String::new()],
        ),
        (
            "colours inverted",
            [html.into(), recoloured(css, |c| 255 - c), script.into()],
        ),
        (
            "text scrambled",
            [scrambled_text(html), css.into(), script.into()],
        ),
    ]
}

/// The text of the element `id` in the episode's page.
async fn text_of(episode: &EpisodeHandle, id: &str) -> String {
    let expression = format!("document.getElementById('{id}').textContent");
    crate::support::js(episode, &expression)
        .await
        .as_str()
        .unwrap()
        .to_owned()
}

/// MageBench-style interactions with real input in Chromium: choosing an option, a key on an
/// element and on the focus, a sequence, and a wait that waits for what the page shows later
/// (and fails, capped, when it never does).
#[test]
fn magebench_style_interactions_select_press_wait_and_run_in_sequence() {
    run(|harness| async move {
        let episode = harness.open("/interactions.html").await;
        let parse = |json: &str| serde_json::from_str::<Interaction>(json).unwrap();
        let guard = episode.browser().await.unwrap();
        let mut page = guard.page(harness.env.allowed());
        page.interact(&parse(
            r##"{"action": "select", "selector": "#size", "option": "Large"}"##,
        ))
        .await
        .unwrap();
        let missing = page
            .interact(&parse(
                r##"{"action": "select", "selector": "#size", "option": "Huge"}"##,
            ))
            .await
            .unwrap_err();
        assert!(
            matches!(&missing, PageError::Interaction { message, .. } if message.contains("Small, Large")),
            "{missing}"
        );
        page.interact(&parse(
            r##"{"action": "sequence", "steps": [
                {"action": "type", "selector": "#q", "text": "milk"},
                {"action": "press", "selector": "#q", "key": "Enter"}]}"##,
        ))
        .await
        .unwrap();
        page.interact(&parse(r#"{"action": "press", "key": "Escape"}"#))
            .await
            .unwrap();
        page.interact(&parse(r##"{"action": "click", "selector": "#later"}"##))
            .await
            .unwrap();
        let status = page
            .call(
                "return document.getElementById('status').textContent;",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(status, "Idle", "the toast is not there yet after the click");
        page.interact(&parse(
            r##"{"action": "wait", "selector": "#toast", "until": "visible", "timeout_ms": 5000}"##,
        ))
        .await
        .unwrap();
        let started = Instant::now();
        let never = page
            .interact(&parse(
                r##"{"action": "wait", "selector": "#status", "until": "text", "text": "Failed", "timeout_ms": 300}"##,
            ))
            .await
            .unwrap_err();
        assert!(
            never
                .to_string()
                .contains("waited 300 ms for `#status` to show `Failed`"),
            "{never}"
        );
        assert!(started.elapsed().as_millis() < 5_000);
        drop(page);
        drop(guard);
        assert_eq!(text_of(&episode, "chosen").await, "l");
        assert_eq!(text_of(&episode, "submitted").await, "milk");
        assert_eq!(text_of(&episode, "status").await, "Saved at last");
        assert_eq!(
            crate::support::js(&episode, "document.body.dataset.escaped").await,
            "yes"
        );
        crate::support::close(&episode).await;
    });
}

/// `data-evalby` reads the same separated by `|` (MageBench's syntax), spaces or commas, in
/// both modes' measurements; and a MageBench-annotated target (every shipped target is) is
/// scored on its annotated properties in both modes.
#[test]
fn annotations_read_in_both_syntaxes_and_both_modes() {
    run(|harness| async move {
        let fixture = harness.open("/annotations.html").await;
        {
            let guard = fixture.browser().await.unwrap();
            let mut page = guard.page(harness.env.allowed());
            for (script, args) in [
                (evaluators::aes::MEASURE_JS, json!([["text", "color"], 100])),
                (
                    evaluators::aes::magebench::MEASURE_JS,
                    json!([["text", "color"], true, 100]),
                ),
            ] {
                let measured = page
                    .call(script, args.as_array().unwrap().clone())
                    .await
                    .unwrap();
                let elements = measured["elements"].as_array().unwrap();
                assert_eq!(elements.len(), 3, "{measured:#}");
                for element in elements {
                    assert_eq!(element["eval_by"], json!(["text", "color"]), "{element:#}");
                }
            }
        }
        crate::support::close(&fixture).await;

        let target = webui::targets::named("landing").unwrap();
        assert!(
            target
                .html
                .contains("data-evalby=\"text|color|font-size|font-weight\"")
        );
        let episode = episode(harness, target).await;
        let inverted = recoloured(target.css, |channel| 255 - channel);
        put(&episode, [target.html, &inverted, target.javascript]).await;
        for mode in [EvalMode::Correct, EvalMode::Magebench] {
            let (score, report) = aes_in(&episode, mode).await;
            assert!(score < 0.95, "{mode:?}: {score}");
            let headline = &report["states"][0]["elements"]
                .as_array()
                .unwrap()
                .iter()
                .find(|element| element["target"] == "h1")
                .unwrap()["properties"];
            let colour = headline
                .as_array()
                .unwrap()
                .iter()
                .find(|property| property["property"] == "color")
                .unwrap_or_else(|| panic!("{mode:?}: no colour scored: {headline:#}"));
            assert!(
                colour["similarity"].as_f64().unwrap() < 0.5,
                "{mode:?}: {colour:#}"
            );
        }
        crate::support::close(&episode).await;
    });
}
