//! `mancala serve [--port N] [--host ADDR] [--open]`: a board in the browser. One page, every
//! asset inside the binary, over a small JSON API (`docs/serve.md` describes both):
//!
//! - `GET /api/games`: the games, their rule texts and presets;
//! - `POST /api/state`: a game (rules or start, and moves) drawn, with its legal moves,
//!   result, position string and record;
//! - `POST /api/engine`: the engine's move, within a time, a depth and threads;
//! - `GET /api/analyse`: the engine's iterations as server-sent events, then the exact value
//!   where the solver finds it within its bounds;
//! - `POST /api/record`: a record read from text (a PGN file of many games included).
//!
//! The server keeps no game: every request carries its game, read by the game's own parsers,
//! so nothing a client sends outlives its request. Errors are JSON, `{"error": "..."}`.

mod games;
mod limits;

use crate::cli;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use games::{Job, Line, Strength};
use limits::*;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::ffi::OsString;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

const USAGE: &str = "usage: mancala serve [--port N] [--host ADDR] [--open]
  a board in the browser: play, replay and analyse every game (docs/serve.md)
  --port N     the port (default 8080; 0 picks a free one)
  --host ADDR  the address to listen on (default 127.0.0.1: this machine only)
  --open       opens the page in the default browser";

/// The page and its assets, inside the binary.
const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// The port when none is given.
const DEFAULT_PORT: u16 = 8080;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::run_main(args, USAGE, cli::Panics::Everywhere, run)
}

/// Reads the options, then serves until the program is stopped.
fn run(args: &[String]) -> Result<(), String> {
    let (mut port, mut host, mut open) = (DEFAULT_PORT, IpAddr::V4(Ipv4Addr::LOCALHOST), false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("option `{arg}` needs a value"))
        };
        match arg.as_str() {
            "--port" => port = cli::in_range("--port", value()?, 0..=u16::MAX)?,
            "--host" => {
                let text = value()?;
                host = text
                    .parse()
                    .map_err(|_| format!("--host takes an IP address, not `{text}`"))?;
            }
            "--open" => open = true,
            other => return Err(format!("unexpected argument `{other}`\n{USAGE}")),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(WORK_THREADS)
        .thread_stack_size(8 << 20)
        .enable_all()
        .build()
        .map_err(|error| format!("the server could not start: {error}"))?;
    runtime.block_on(serve(SocketAddr::new(host, port), open))
}

/// Listens on `address` and answers until the program ends.
async fn serve(address: SocketAddr, open: bool) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| format!("cannot listen on {address}: {error}"))?;
    let bound = listener
        .local_addr()
        .map_err(|error| format!("cannot listen on {address}: {error}"))?;
    if !bound.ip().is_loopback() {
        errln!("warning: listening on {bound}: every machine that reaches it may use the engine");
    }
    let url = format!("http://{bound}/");
    outln!("serving {url} (Ctrl-C stops)");
    crate::output::flush();
    if open {
        open_browser(&url);
    }
    axum::serve(listener, router(bound.ip().is_loopback()))
        .await
        .map_err(|error| format!("the server stopped: {error}"))
}

/// Every route, with the body limit and the searches' semaphore; on this machine only, a
/// request must name this machine as its host.
fn router(local: bool) -> Router {
    let searches = Arc::new(Semaphore::new(MAX_SEARCHES));
    let router = Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/page.js",
            get(|| asset("text/javascript; charset=utf-8", SCRIPT)),
        )
        .route("/page.css", get(|| asset("text/css; charset=utf-8", STYLE)))
        .route("/api/games", get(describe))
        .route("/api/state", post(state))
        .route("/api/record", post(record))
        .route("/api/engine", post(engine))
        .route("/api/analyse", get(analyse))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed".into())
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(searches);
    if local {
        router.layer(axum::middleware::from_fn(this_machine))
    } else {
        router
    }
}

/// Refuses a request whose `Host` is not this machine: a page elsewhere whose name was made to
/// point here (DNS rebinding) cannot drive the server.
async fn this_machine(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    if matches!(name, "127.0.0.1" | "localhost" | "[::1]") {
        next.run(request).await
    } else {
        ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "host `{}` is not this machine",
                crate::engine::shorten(host)
            ),
        )
        .into_response()
    }
}

/// A file of the page, with its type.
async fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// An error answered as `{"error": "..."}` with its status.
struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: String) -> ApiError {
        ApiError { status, message }
    }

    fn bad(message: String) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        ApiError::new(rejection.status(), rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::new(rejection.status(), rejection.body_text())
    }
}

/// Raises a search's stop flag when dropped: when its client has gone, the search stops.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Does `job` for `game` on the blocking pool, holding `permit` (if any) until it ends.
async fn work(
    game: String,
    job: Job,
    permit: Option<OwnedSemaphorePermit>,
) -> Result<Value, ApiError> {
    let done = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        games::dispatch(&game, job)
    })
    .await;
    match done {
        Ok(answer) => answer.map_err(ApiError::bad),
        Err(_) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the work on this request failed".into(),
        )),
    }
}

/// A turn to search: waits up to [`QUEUE_WAIT`] while [`MAX_SEARCHES`] run, then refuses.
async fn turn(searches: &Arc<Semaphore>) -> Result<OwnedSemaphorePermit, ApiError> {
    match tokio::time::timeout(QUEUE_WAIT, searches.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is busy: {MAX_SEARCHES} searches are running; try again"),
        )),
    }
}

/// `GET /api/games`.
async fn describe() -> Result<Json<Value>, ApiError> {
    let mut list = Vec::new();
    for name in mancala_games::registry::names() {
        list.push(work(name.to_owned(), Job::Describe, None).await?);
    }
    Ok(Json(Value::Array(list)))
}

/// The body of `POST /api/state`.
#[derive(Deserialize)]
struct StateRequest {
    #[serde(flatten)]
    line: Line,
    #[serde(default)]
    flipped: bool,
}

/// `POST /api/state`.
async fn state(body: Result<Json<StateRequest>, JsonRejection>) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    let game = request.line.game.clone();
    let job = Job::State {
        line: request.line,
        flipped: request.flipped,
    };
    work(game, job, None).await.map(Json)
}

/// The body of `POST /api/record`.
#[derive(Deserialize)]
struct RecordRequest {
    game: String,
    text: String,
    #[serde(default)]
    index: usize,
    #[serde(default)]
    flipped: bool,
}

/// `POST /api/record`.
async fn record(body: Result<Json<RecordRequest>, JsonRejection>) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    let job = Job::Record {
        text: request.text,
        index: request.index,
        flipped: request.flipped,
    };
    work(request.game, job, None).await.map(Json)
}

/// A search's bounds as a request gives them (milliseconds, plies, threads).
#[derive(Deserialize, Default)]
struct StrengthRequest {
    time_ms: Option<u64>,
    depth: Option<u32>,
    threads: Option<usize>,
}

impl StrengthRequest {
    /// The bounds, each checked against its limit; `time` when no time is given.
    fn strength(&self, time: Duration, most: Duration) -> Result<Strength, ApiError> {
        let most_ms = most.as_millis() as u64;
        let time = match self.time_ms {
            None => time,
            Some(ms @ 1..) if ms <= most_ms => Duration::from_millis(ms),
            Some(ms) => {
                return Err(ApiError::bad(format!(
                    "time_ms takes 1 to {most_ms}, not {ms}"
                )))
            }
        };
        let depth = self.depth.unwrap_or(mancala_search::MAX_SEARCH_DEPTH);
        if !(1..=mancala_search::MAX_SEARCH_DEPTH).contains(&depth) {
            return Err(ApiError::bad(format!(
                "depth takes 1 to {}, not {depth}",
                mancala_search::MAX_SEARCH_DEPTH
            )));
        }
        let threads = self.threads.unwrap_or(1);
        if !(1..=MAX_SEARCH_THREADS).contains(&threads) {
            return Err(ApiError::bad(format!(
                "threads takes 1 to {MAX_SEARCH_THREADS}, not {threads}"
            )));
        }
        Ok(Strength {
            time,
            depth,
            threads,
        })
    }
}

/// The body of `POST /api/engine`.
#[derive(Deserialize)]
struct EngineRequest {
    #[serde(flatten)]
    line: Line,
    #[serde(flatten)]
    strength: StrengthRequest,
}

/// `POST /api/engine`: the engine's move; a client that goes stops the search.
async fn engine(
    State(searches): State<Arc<Semaphore>>,
    body: Result<Json<EngineRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body?;
    let strength = request
        .strength
        .strength(Duration::from_secs(1), MAX_MOVE_TIME)?;
    let permit = turn(&searches).await?;
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_when_gone = StopOnDrop(stop.clone());
    let game = request.line.game.clone();
    let job = Job::Engine {
        line: request.line,
        strength,
        stop,
    };
    work(game, job, Some(permit)).await.map(Json)
}

/// The query of `GET /api/analyse`: the game (moves separated by spaces) and the bounds.
#[derive(Deserialize)]
struct AnalyseQuery {
    game: String,
    rules: Option<String>,
    start: Option<String>,
    moves: Option<String>,
    time_ms: Option<u64>,
    depth: Option<u32>,
    threads: Option<usize>,
}

/// `GET /api/analyse`: server-sent events `info` (each iteration: depth, value, score, nodes,
/// time, pv), `exact` (the solver's answer) and `done`; a bad request is refused before the
/// stream starts. A client that goes stops the search.
async fn analyse(
    State(searches): State<Arc<Semaphore>>,
    query: Result<Query<AnalyseQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query?;
    let strength = StrengthRequest {
        time_ms: query.time_ms,
        depth: query.depth,
        threads: query.threads,
    }
    .strength(Duration::from_secs(10), MAX_ANALYSIS_TIME)?;
    let moves = query.moves.unwrap_or_default();
    if moves.len() > MAX_BODY_BYTES {
        return Err(ApiError::bad("the moves are too long".into()));
    }
    let line = Line {
        game: query.game.clone(),
        rules: query.rules,
        start: query.start,
        moves: moves.split_whitespace().map(str::to_owned).collect(),
    };
    let permit = turn(&searches).await?;
    let stop = Arc::new(AtomicBool::new(false));
    let guard = StopOnDrop(stop.clone());
    let (events, mut received) = mpsc::channel(64);
    let errors = events.clone();
    let job = Job::Analyse {
        line,
        strength,
        stop,
        events,
    };
    let game = query.game;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        if let Err(message) = games::dispatch(&game, job) {
            let _ = errors.blocking_send(("error", json!({ "error": message })));
        }
    });
    let first = received.recv().await;
    if let Some(("error", data)) = &first {
        let message = data["error"].as_str().unwrap_or("bad request").to_owned();
        return Err(ApiError::bad(message));
    }
    let stream = futures_util::stream::unfold(
        (first, received, guard),
        |(pending, mut received, guard)| async move {
            let next = match pending {
                Some(event) => Some(event),
                None => received.recv().await,
            };
            next.map(|(name, data)| {
                let event = Event::default().event(name).data(data.to_string());
                (Ok::<_, Infallible>(event), (None, received, guard))
            })
        },
    );
    let keep_alive = KeepAlive::new().interval(Duration::from_secs(1));
    Ok(Sse::new(stream).keep_alive(keep_alive).into_response())
}

/// Opens `url` in the default browser, saying so if it cannot.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let spawned = std::process::Command::new(command.0)
        .args(&command.1)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = spawned {
        errln!(
            "could not open a browser ({}: {error}); open {url}",
            command.0
        );
    }
}
