//! The one harness of the integration tests: one runtime, one chromedriver, one warm pool, a
//! fixture server on port 0 and every site on free ports over a small seeded data set, shared
//! by every test; and the helpers the site tests drive episodes with.

pub mod openai_double;

use agora::config::Config;
use agora::env::{EnvError, Environment, EpisodeHandle, EpisodeSpec, SiteHost, StepOutcome};
use agora::fence::{AllowList, Origin};
use agora::observe::{Observation, ObserveOptions, SomId};
use agora::sites::{RunningSites, SITES, SiteOptions};
use serde_json::{Value, json};
use std::future::Future;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};
use tokio::sync::OnceCell;

/// One multi-threaded runtime for every test, so shared servers outlive single tests.
pub static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
});

static HARNESS: OnceCell<Harness> = OnceCell::const_new();

/// What the tests share.
pub struct Harness {
    /// The controller, hosting the sites and allowing the fixtures.
    pub env: Environment,
    /// Base URL of the fixture server (`http://127.0.0.1:PORT`).
    pub fixtures: String,
    /// The sites.
    pub sites: Arc<RunningSites>,
}

/// Primary items (listings, products, posts) per site in the tests' data set.
pub const SMALL_SCALE: u32 = 400;

/// The fixture directory.
pub fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

async fn start() -> Harness {
    let router = axum::Router::new()
        .route("/slow/{*path}", axum::routing::get(slow_fixture))
        .route("/huge.png", axum::routing::get(huge_fixture))
        .route("/delayed/{ms}/{name}", axum::routing::get(delayed_image))
        .route("/endless/{name}", axum::routing::get(endless_fixture))
        .fallback_service(tower_http::services::ServeDir::new(fixture_dir()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("fixture port");
    let fixtures = format!("http://{}", listener.local_addr().expect("fixture address"));
    tokio::spawn(async move { axum::serve(listener, router).await });
    let allowed = AllowList::default();
    allowed.allow(Origin::of_url(&fixtures).expect("fixture origin"));
    let sites = Arc::new(small_sites().await);
    let trajectories = tempfile::tempdir().expect("trajectory folder").keep();
    let config = Config {
        upload_dir: Some(fixture_dir().join("uploads")),
        pool_size: 2,
        // Tests that open starts ahead make an environment of their own.
        prepare: 0,
        trajectory_dir: Some(trajectories),
        task_dirs: Vec::new(),
        ..Config::default()
    };
    let host: Arc<dyn SiteHost> = sites.clone();
    let env = match Environment::start_with_sites(Arc::new(config), allowed, Some(host)).await {
        Ok(env) => env,
        Err(error) => panic!("cannot start the browser environment: {error}"),
    };
    Harness {
        env,
        fixtures,
        sites,
    }
}

/// Every site, seeded small in a fresh folder and served on free ports.
async fn small_sites() -> RunningSites {
    let data = tempfile::tempdir().expect("data folder").keep();
    let directory = data.clone();
    tokio::task::spawn_blocking(move || {
        for site in SITES {
            site.seed(&directory, kit::Scale::Small(SMALL_SCALE), Some(7))
                .unwrap_or_else(|error| panic!("seeding {}: {error}", site.name()));
        }
    })
    .await
    .expect("seeding finishes");
    agora::sites::start(
        &SiteOptions::free_ports(data),
        agora::sites::SiteAddress::OwnLoopback,
    )
    .await
    .expect("sites start")
}

/// How long `/slow/…` takes to answer: a slow site, so the page the agent acted on stays
/// loaded for a while after a form is submitted.
const SLOW_RESPONSE: std::time::Duration = std::time::Duration::from_millis(400);

/// Bytes of `/huge.png`: more than anything an evaluator should download.
const HUGE_FIXTURE_BYTES: usize = 40 * 1024 * 1024;

/// A valid 8×8 PNG that a browser shows, padded after its end to [`HUGE_FIXTURE_BYTES`].
async fn huge_fixture() -> axum::response::Response {
    use axum::response::IntoResponse;
    let mut bytes = Vec::new();
    image::RgbImage::from_pixel(8, 8, image::Rgb([200, 30, 30]))
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("encode the PNG");
    bytes.resize(HUGE_FIXTURE_BYTES, 0);
    ([(axum::http::header::CONTENT_TYPE, "image/png")], bytes).into_response()
}

/// A fixture server's latency before it answers: the one wait by the clock in the tests
/// (named in the tidy rules), on the server's side, never the client's.
async fn server_latency(delay: std::time::Duration) {
    tokio::time::sleep(delay).await;
}

/// The longest delay `/delayed/…` accepts.
const MAX_IMAGE_DELAY: std::time::Duration = std::time::Duration::from_secs(30);

/// `/delayed/{ms}/{rrggbb}.png`: a 64×64 PNG of one colour, answered after `ms` ms (the
/// server's latency, not the client's wait); any other name is a 404 after the same delay.
async fn delayed_image(
    axum::extract::Path((ms, name)): axum::extract::Path<(u64, String)>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let delay = std::time::Duration::from_millis(ms).min(MAX_IMAGE_DELAY);
    server_latency(delay).await;
    let Some(colour) = name
        .strip_suffix(".png")
        .and_then(|hex| u32::from_str_radix(hex, 16).ok().filter(|_| hex.len() == 6))
    else {
        return axum::http::StatusCode::NOT_FOUND.into_response();
    };
    let [_, red, green, blue] = colour.to_be_bytes();
    let mut bytes = Vec::new();
    image::RgbImage::from_pixel(64, 64, image::Rgb([red, green, blue]))
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("encode the PNG");
    ([(axum::http::header::CONTENT_TYPE, "image/png")], bytes).into_response()
}

/// `/endless/…`: an HTML page whose response never ends (its start is sent, then the
/// connection is held open): a load that never finishes.
async fn endless_fixture() -> axum::response::Response {
    use futures::StreamExt;
    let start = "<!doctype html><title>Endless</title><p id=endless>Loading forever";
    let body = futures::stream::once(async move { Ok::<_, std::io::Error>(start) })
        .chain(futures::stream::pending());
    axum::response::Response::builder()
        .header(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")
        .body(axum::body::Body::from_stream(body))
        .expect("a response")
}

/// Serves a fixture file after [`SLOW_RESPONSE`] (the server's latency, not the client's wait).
async fn slow_fixture(
    axum::extract::Path(path): axum::extract::Path<String>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    server_latency(SLOW_RESPONSE).await;
    let file = fixture_dir().join(path.replace("..", ""));
    match tokio::fs::read(&file).await {
        Ok(bytes) => (
            [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
            bytes,
        )
            .into_response(),
        Err(_) => axum::http::StatusCode::NOT_FOUND.into_response(),
    }
}

/// Runs a test body on the shared runtime with the shared harness.
pub fn run<F, Fut>(body: F)
where
    F: FnOnce(&'static Harness) -> Fut,
    Fut: Future<Output = ()>,
{
    RUNTIME.block_on(async {
        let harness = HARNESS.get_or_init(start).await;
        body(harness).await;
    });
}

impl Harness {
    /// The fixture URL for `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}/{}", self.fixtures, path.trim_start_matches('/'))
    }

    /// A site's base URL (`classifieds` → `http://127.0.0.2:PORT`: each site on a loopback
    /// address of its own).
    pub fn site(&self, name: &str) -> String {
        self.sites
            .url_of(name)
            .unwrap_or_else(|| panic!("site `{name}` is not hosted"))
            .to_owned()
    }

    /// Starts an episode on one fixture page.
    pub async fn open(&self, path: &str) -> EpisodeHandle {
        self.try_open(EpisodeSpec {
            start_urls: vec![self.url(path)],
            ..EpisodeSpec::default()
        })
        .await
        .expect("episode starts")
    }

    /// A spec for one fixture page in a 1280×720 viewport, observed with the clean frame
    /// as well as the marked one.
    pub fn spec_720p(&self, path: &str) -> EpisodeSpec {
        EpisodeSpec {
            start_urls: vec![self.url(path)],
            viewport: Some(agora::browser::Viewport {
                width: 1280,
                height: 720,
            }),
            observe: agora::observe::ObserveOptions {
                screenshot: agora::observe::ScreenshotKind::Both,
                ..agora::observe::ObserveOptions::default()
            },
            ..EpisodeSpec::default()
        }
    }

    /// Starts an episode from a full spec.
    pub async fn try_open(&self, spec: EpisodeSpec) -> Result<EpisodeHandle, EnvError> {
        self.env.create_episode(spec).await
    }
}

/// The placeholder-free eval of episodes whose score a test does not read.
pub fn no_eval() -> Value {
    json!({"eval_types": ["string_match"], "reference_answers": {"must_include": ["x"]},
           "reference_url": "", "program_html": []})
}

/// A task episode on hosted site `site` (a task-file name: `classifieds`, `shopping`,
/// `reddit`) at `start` below its base URL, logged in as the site's default account, scored
/// by `eval`; with `photo`, the fixture `red.png` is its input image, named relative to the
/// task's folder as in a task file (an inline task has no folder of its own).
pub async fn site_episode(
    env: &Environment,
    site: &str,
    start: &str,
    eval: Value,
    photo: bool,
) -> EpisodeHandle {
    let task = json!({
        "sites": [site], "task_id": 900, "require_login": true,
        "start_url": format!("__{}__{start}", site.to_uppercase()), "intent": "test",
        "intent_template": "", "instantiation_dict": {}, "require_reset": true, "eval": eval
    });
    let mut context = env.inline_task(&task).expect("the task parses");
    if photo {
        let mut with_image = (*context.task).clone();
        with_image.image = Some(evaluators::task::ImageField::One("red.png".into()));
        context.task = Arc::new(with_image);
        context.dir = fixture_dir().join("uploads");
    }
    env.create_task_episode(context, ObserveOptions::default())
        .await
        .expect("the episode starts")
}

/// Runs one step and returns what it did.
pub async fn step_outcome(episode: &EpisodeHandle, action: &str) -> StepOutcome {
    episode.step(action).await.outcome
}

/// Runs one step that must succeed.
pub async fn step_ok(episode: &EpisodeHandle, action: &str) {
    let outcome = step_outcome(episode, action).await;
    assert!(outcome.error.is_none(), "{action}: {:?}", outcome.error);
}

/// Closes an episode.
pub async fn close(episode: &EpisodeHandle) {
    episode.close().await.expect("the episode closes");
}

/// Evaluates an episode: its score, and what the evaluators compared as JSON (for messages).
pub async fn score(episode: &EpisodeHandle) -> (Option<f64>, String) {
    let evaluation = episode.evaluate(None).await.expect("the evaluation runs");
    let report = serde_json::to_string(&evaluation.evaluators).expect("reports serialize");
    (evaluation.outcome.score(), report)
}

/// Evaluates a JS expression in the episode's current page.
pub async fn js(episode: &EpisodeHandle, expression: &str) -> Value {
    episode
        .browser()
        .await
        .expect("live session")
        .execute(&format!("return {expression};"), vec![])
        .await
        .expect("script runs")
}

/// Runs `body` as an async function in the episode's current page, as the page's own script
/// would (its main world), with `args` as `arguments`; what it returns.
pub async fn page_script(episode: &EpisodeHandle, body: &str, args: Vec<Value>) -> Value {
    let script = format!("return (async () => {{ {body} }})();");
    episode
        .browser()
        .await
        .expect("live session")
        .execute(&script, args)
        .await
        .expect("the script runs")
}

/// The SoM id the last observation gave the element matching `css` (top document).
pub async fn som_id(episode: &EpisodeHandle, css: &str) -> SomId {
    let id = episode
        .locate(css)
        .await
        .expect("lookup runs")
        .unwrap_or_else(|| panic!("{css} is not marked"));
    assert!(
        observation(episode).await.element(id).is_some(),
        "{css} has id {id} but is not in the observation"
    );
    id
}

/// A copy of the episode's current observation.
pub async fn observation(episode: &EpisodeHandle) -> Observation {
    let observation = episode.summary().await.observation;
    observation
        .expect("the episode has been observed")
        .as_ref()
        .clone()
}

/// Observes the episode's page again with `options`; a copy of the new observation.
pub async fn observe(episode: &EpisodeHandle, options: ObserveOptions) -> Observation {
    let observed = episode.observe(Some(options)).await.expect("observed");
    observed
        .observation
        .expect("an observation")
        .as_ref()
        .clone()
}

/// `program`, run as the unprivileged browser user when the tests run as root (as `./dev up`
/// sets browsers up): the chromedriver and Chromium it starts inherit the account, so
/// Chromium keeps its sandbox. For remote WebDriver ends the tests start themselves (a Grid
/// node, a bare chromedriver).
pub fn unprivileged(program: &str) -> tokio::process::Command {
    if !rustix::process::geteuid().is_root() {
        return tokio::process::Command::new(program);
    }
    let user = agora::browser::DEFAULT_BROWSER_USER;
    let home = std::env::temp_dir().join(format!("agora-home-{user}"));
    std::fs::create_dir_all(&home).unwrap();
    let chown = std::process::Command::new("chown")
        .args([&format!("{user}:"), &home.display().to_string()])
        .status()
        .unwrap();
    assert!(
        chown.success(),
        "user `{user}` is missing: useradd --system {user} (./dev test does)"
    );
    let mut command = tokio::process::Command::new("setpriv");
    command
        .args([
            &format!("--reuid={user}"),
            &format!("--regid={user}"),
            "--init-groups",
            "--",
            program,
        ])
        .env("HOME", home);
    command
}

/// What an environment of a test's own hosts besides the fixture server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hosting {
    /// The fixtures only.
    Fixtures,
    /// The fixtures and the harness's shared sites.
    Sites,
}

/// An environment of the test's own (its own pool and `config`) that may open the fixtures,
/// and that serves the shared sites with [`Hosting::Sites`].
pub async fn own_environment_hosting(
    harness: &Harness,
    config: Config,
    hosting: Hosting,
) -> Environment {
    let allowed = AllowList::default();
    allowed.allow(Origin::of_url(&harness.fixtures).expect("fixture origin"));
    let host = (hosting == Hosting::Sites).then(|| harness.sites.clone() as Arc<dyn SiteHost>);
    Environment::start_with_sites(Arc::new(config), allowed, host)
        .await
        .expect("the environment starts")
}

/// An environment of the test's own over the fixtures only.
pub async fn own_environment(harness: &Harness, config: Config) -> Environment {
    own_environment_hosting(harness, config, Hosting::Fixtures).await
}

/// An environment of one browser (no trajectories, nothing opened ahead, otherwise
/// `settings`), its pool warm.
pub async fn one_browser(harness: &Harness, settings: Config, hosting: Hosting) -> Environment {
    let config = Config {
        trajectory_dir: None,
        pool_size: 1,
        max_browsers: 1,
        prepare: 0,
        ..settings
    };
    let env = own_environment_hosting(harness, config, hosting).await;
    assert!(
        env.pool()
            .wait_warm(std::time::Duration::from_secs(60))
            .await,
        "the one browser is warm"
    );
    env
}
