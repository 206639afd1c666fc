//! `mancala serve`'s page in a real browser: headless Chromium driven through chromedriver
//! (WebDriver, plain HTTP) plays a game of each game by clicking holes, replays a PlayOK
//! record, runs an analysis, checks what is drawn, and saves a screenshot.
//!
//! Without `chromium` and `chromedriver` on the `PATH` (or `MANCALA_CHROMIUM` and
//! `MANCALA_CHROMEDRIVER`) the test prints a `skipped:` line and passes, unless
//! `MANCALA_REQUIRE_BROWSER=1`, as in CI. `MANCALA_SCREENSHOT=PATH` saves the screenshot
//! there too (`docs/serve.png` is made so).

mod serve_support;

use serde_json::{json, Value};
use serve_support::Server;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The flags Chromium needs here: no sandbox as root, no network of its own.
const CHROMIUM_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1240,720",
];

/// `name` from the environment variable `variable`, else found on the `PATH`.
fn program(variable: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable).filter(|value| !value.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A chromedriver and one browser session, both ended when dropped.
struct Browser {
    driver: Child,
    address: String,
    session: String,
    profile: PathBuf,
}

impl Browser {
    fn start(chromium: &Path, chromedriver: &Path) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map(|address| address.port())
            .expect("a free port");
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let address = format!("127.0.0.1:{port}");
        let started = Instant::now();
        while std::net::TcpStream::connect(&address).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver does not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = std::env::temp_dir().join(format!("mancala-serve-chromium-{port}"));
        let _ = std::fs::remove_dir_all(&profile);
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|flag| flag.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium.to_string_lossy(), "args": args },
        }}});
        let mut browser = Browser {
            driver,
            address,
            session: String::new(),
            profile,
        };
        let answer = browser.command("POST", "/session", Some(capabilities));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_owned();
        browser
    }

    /// One WebDriver command; its `value`.
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|body| body.to_string());
        let (status, text) = serve_support::request(
            &self.address,
            method,
            path,
            body.as_deref().or(Some("{}")).filter(|_| method == "POST"),
        );
        let answer = serve_support::json(&text);
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer.get("value").cloned().unwrap_or(answer)
    }

    fn session_command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.command(method, &format!("/session/{}{path}", self.session), body)
    }

    fn go(&self, url: &str) {
        self.session_command("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body) in the page with `args`; its value.
    fn run(&self, script: &str, args: Value) -> Value {
        self.session_command(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits until `script` gives `true`, failing after `seconds`.
    fn wait(&self, script: &str, seconds: u64, what: &str) {
        let started = Instant::now();
        loop {
            if self.run(script, json!([])) == json!(true) {
                return;
            }
            if started.elapsed() > Duration::from_secs(seconds) {
                let message = self.run(
                    "return document.getElementById('message').textContent",
                    json!([]),
                );
                panic!("waited {seconds} s for {what}; the page says: {message}");
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Waits until the page has answered its last action.
    fn settle(&self) {
        self.wait(
            "return document.body.dataset.busy === '0'",
            60,
            "the page to settle",
        );
    }

    /// The element `css` selects.
    fn find(&self, css: &str) -> String {
        let element = self.session_command(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        element
            .as_object()
            .and_then(|object| object.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}: {element}"))
            .to_owned()
    }

    /// Clicks the element `css` selects, as a person would.
    fn click(&self, css: &str) {
        let element = self.find(css);
        self.session_command(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    fn screenshot(&self) -> Vec<u8> {
        let text = self.session_command("GET", "/screenshot", None);
        base64(text.as_str().expect("a screenshot"))
    }

    /// The board's holes as drawn: (board index, seeds), in drawing order.
    fn holes(&self) -> Vec<(u64, u64)> {
        let holes = self.run(
            "return [...document.querySelectorAll('#board g.hole')]
                .map(h => [Number(h.dataset.index), Number(h.dataset.seeds)])",
            json!([]),
        );
        holes
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap()))
            .collect()
    }

    fn ply(&self) -> u64 {
        self.run("return Number(document.body.dataset.ply)", json!([]))
            .as_u64()
            .unwrap()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = serve_support::request(&self.address, "DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64, decoded.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for group in digits.chunks(4) {
        let mut word = 0u32;
        for (i, &c) in group.iter().enumerate() {
            word |= u32::from(value(c)) << (18 - 6 * i);
        }
        bytes.extend_from_slice(&word.to_be_bytes()[1..group.len()]);
    }
    bytes
}

/// Chooses `game` under `rules` on the page and starts a new game.
fn new_game(browser: &Browser, game: &str, rules: &str) {
    browser.run(
        "const [game, rules] = arguments;
         const select = document.getElementById('game');
         select.value = game;
         select.dispatchEvent(new Event('change'));
         document.getElementById('rules').value = rules;",
        json!([game, rules]),
    );
    browser.settle();
    browser.click("#new");
    browser.settle();
}

/// Sets a control's value as a person would choose it.
fn set(browser: &Browser, id: &str, value: &str) {
    browser.run(
        "const [id, value] = arguments;
         const control = document.getElementById(id);
         control.value = value;
         control.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

#[test]
fn the_page_plays_replays_and_analyses_in_chromium() {
    let (Some(chromium), Some(chromedriver)) = (
        program(
            "MANCALA_CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        ),
        program("MANCALA_CHROMEDRIVER", &["chromedriver"]),
    ) else {
        let why =
            "no chromium and chromedriver on the PATH (apt-get install chromium chromium-driver)";
        if std::env::var_os("MANCALA_REQUIRE_BROWSER").is_some_and(|value| value == "1") {
            panic!("{why}, and MANCALA_REQUIRE_BROWSER=1 asks for them");
        }
        let _ = writeln!(std::io::stderr(), "skipped: serve_browser: {why}");
        return;
    };
    let browser = Browser::start(&chromium, &chromedriver);
    let started = Instant::now();
    let server = Server::start();
    browser.go(&server.url());
    browser.wait(
        "return !!document.querySelector('#board svg')",
        30,
        "the board",
    );
    browser.settle();
    eprintln!(
        "the page is drawn and ready {:?} after `mancala serve` started",
        started.elapsed()
    );
    assert_eq!(
        browser.holes().len(),
        18,
        "a Toguz Kumalak board at the start"
    );

    // A game of each, the person clicking South's holes, the engine answering for North.
    set(&browser, "time", "30");
    set(&browser, "depth", "2");
    for (game, rules) in [
        ("toguz", "board=9"),
        ("mangala4", "leftover=none"),
        ("katro", "size=6x6"),
        ("oware", "houses=6,seeds=4"),
        ("kalah", "pits=6,seeds=4"),
    ] {
        new_game(&browser, game, rules);
        set(&browser, "player-south", "person");
        set(&browser, "player-north", "engine");
        browser.settle();
        let mut clicks = 0;
        let mut before = None;
        loop {
            let look = browser.run(
                "return { over: document.body.dataset.over === '1',
                          ply: Number(document.body.dataset.ply),
                          movable: document.querySelectorAll('#board g.hole.movable').length,
                          message: document.getElementById('message').textContent }",
                json!([]),
            );
            let ply = look["ply"].as_u64().unwrap();
            if let Some(before) = before {
                assert!(ply > before, "{game}: the click played nothing: {look}");
            }
            if look["over"] == json!(true) {
                break;
            }
            assert!(clicks < 600, "{game}: no end after {clicks} clicks");
            before = Some(ply);
            if look["movable"] == json!(0) {
                // A pass (Mangala IV): a button, as no hole holds it.
                browser.click("#choice button.move-choice");
            } else {
                browser.click("#board g.hole.movable");
                let choice = "return document.body.dataset.busy === '0' \
                              && !document.getElementById('choice').hidden";
                if browser.run(choice, json!([])) == json!(true) {
                    browser.click("#choice button.move-choice");
                }
            }
            clicks += 1;
            browser.settle();
        }
        let status = browser.run(
            "return document.getElementById('status').textContent",
            json!([]),
        );
        let status = status.as_str().unwrap();
        assert!(status.starts_with("Game over: "), "{game}: {status}");
        assert!(
            status.contains("wins") || status.contains("draw"),
            "{game}: {status}"
        );
        // What is drawn is the server's final position.
        let state = browser.run("return game.state", json!([]));
        let (_, check) = server.post(
            "/api/state",
            &json!({ "game": game, "start": state["start"], "moves": state["moves"] }),
        );
        let drawn: u64 = browser.holes().iter().map(|&(_, seeds)| seeds).sum();
        assert_eq!(drawn, check["seeds_on_board"].as_u64().unwrap(), "{game}");
        eprintln!(
            "{game}: {clicks} clicks, {status} ({:?} since the start)",
            started.elapsed()
        );
    }

    // Take back, flip.
    new_game(&browser, "oware", "houses=6,seeds=4");
    browser.click("#board g.hole.movable");
    browser.settle();
    assert_eq!(browser.ply(), 2, "the person's move and the engine's");
    browser.click("#back");
    browser.settle();
    assert_eq!(browser.ply(), 0, "take-back returns to the person's move");
    let order: Vec<u64> = browser.holes().iter().map(|&(index, _)| index).collect();
    browser.click("#flip");
    browser.settle();
    let flipped: Vec<u64> = browser.holes().iter().map(|&(index, _)| index).collect();
    assert_eq!(flipped, order.iter().rev().copied().collect::<Vec<_>>());
    browser.click("#flip");
    browser.settle();

    // How soon the engine's answer to a click is on the board at 100 ms a move: from the
    // click command to the page settled on the answer, WebDriver's round trips included (a
    // figure for the docs, not a limit).
    new_game(&browser, "oware", "houses=6,seeds=4");
    set(&browser, "time", "100");
    let clicked = Instant::now();
    browser.click("#board g.hole.movable");
    browser.wait(
        "return document.body.dataset.busy === '0' && Number(document.body.dataset.ply) === 2",
        30,
        "the engine's answer",
    );
    let answer = clicked.elapsed();
    eprintln!("the engine's answer is on the board within {answer:?} of the click (100 ms a move)");

    // Replay a PlayOK record: pasted, loaded, stepped to its end.
    if let Some(path) = mancala_kit::data::shared_file(
        env!("CARGO_MANIFEST_DIR"),
        "toguz/playok-2024-2025.pgn",
        "serve_browser: the PlayOK replay",
    ) {
        let text = std::fs::read_to_string(path).unwrap();
        new_game(&browser, "toguz", "board=9");
        set(&browser, "player-north", "person");
        browser.run(
            "document.getElementById('record').value = arguments[0]",
            json!([text]),
        );
        set(&browser, "record-index", "3");
        browser.click("#load-record");
        browser.settle();
        let note = browser.run(
            "return document.getElementById('record-note').textContent",
            json!([]),
        );
        assert!(
            note.as_str().unwrap().starts_with("game 3 of 2398"),
            "{note}"
        );
        assert_eq!(browser.ply(), 0);
        browser.click("#next");
        browser.settle();
        assert_eq!(browser.ply(), 1);
        browser.click("#last");
        browser.settle();
        // The board drawn is the record's last position, as the toguz crate replays it.
        let record = mancala_games::toguz::record::read_records(&text)
            .nth(2)
            .unwrap()
            .unwrap();
        let replay = record.replay();
        assert!(replay.error.is_none());
        assert_eq!(browser.ply(), replay.moves.len() as u64);
        let expected = replay.position.holes().to_vec();
        for (index, seeds) in browser.holes() {
            let is_tuzdik = [mancala_games::toguz::WHITE, mancala_games::toguz::BLACK]
                .iter()
                .any(|&side| replay.position.tuzdik(side) == Some(index as usize));
            if !is_tuzdik {
                assert_eq!(seeds, u64::from(expected[index as usize]), "hole {index}");
            }
        }
        let kazans = browser.run(
            "return [...document.querySelectorAll('#board g.store')].map(s => [s.dataset.owner, Number(s.querySelector('.count').textContent)])",
            json!([]),
        );
        for pair in kazans.as_array().unwrap() {
            let side = if pair[0] == "south" {
                mancala_games::toguz::WHITE
            } else {
                mancala_games::toguz::BLACK
            };
            assert_eq!(pair[1], json!(replay.position.kazan(side)), "{pair}");
        }
        // Mid-game, with the engine's view, for the screenshot.
        browser.click("#prev");
        browser.settle();
        assert_eq!(browser.ply(), replay.moves.len() as u64 - 1);
        let middle = replay.moves.len() / 2;
        browser.click(&format!("#moves li:nth-child({middle})"));
        browser.settle();
        assert_eq!(browser.ply(), middle as u64);
        set(&browser, "analysis-time", "2");
        browser.click("#analyse");
        browser.wait(
            "return document.body.dataset.analysis === 'done'",
            60,
            "the analysis",
        );
        assert!(
            browser.run(
                "return document.querySelectorAll('#lines li').length > 0",
                json!([])
            ) == json!(true)
        );
        let shot = browser.screenshot();
        assert_eq!(&shot[1..4], b"PNG");
        let saved = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve.png");
        std::fs::write(&saved, &shot).unwrap();
        if let Some(path) = std::env::var_os("MANCALA_SCREENSHOT") {
            std::fs::write(path, &shot).unwrap();
        }
        eprintln!(
            "screenshot: {} ({} bytes, {:?} since the start)",
            saved.display(),
            shot.len(),
            started.elapsed()
        );
    }

    // An analysis that ends with the exact value, its best move marked on the board.
    new_game(&browser, "kalah", "pits=4,seeds=3");
    set(&browser, "player-north", "person");
    set(&browser, "analysis-time", "1");
    browser.click("#analyse");
    browser.wait(
        "return document.body.dataset.analysis === 'done'",
        60,
        "the analysis",
    );
    let exact = browser.run(
        "return document.getElementById('exact').textContent",
        json!([]),
    );
    assert!(
        exact
            .as_str()
            .unwrap()
            .starts_with("exact: +6 (perfect moves: 2)"),
        "{exact}"
    );
    let lines = browser.run(
        "return document.querySelectorAll('#lines li').length",
        json!([]),
    );
    assert!(lines.as_u64().unwrap() >= 2, "{lines}");
    let best = browser.run(
        "return [...document.querySelectorAll('#board g.hole.best')].map(h => h.dataset.moves)",
        json!([]),
    );
    assert_eq!(best, json!(["2"]));

    // A position opened from a link.
    let (_, state) = server.post(
        "/api/state",
        &json!({ "game": "kalah", "moves": ["3", "6"] }),
    );
    let position = state["position"].as_str().unwrap();
    browser.go(&format!(
        "{}?game=kalah&position={}",
        server.url(),
        serve_support::encode(position)
    ));
    browser.wait(
        "return !!document.querySelector('#board svg') && document.body.dataset.busy === '0'",
        30,
        "the linked position",
    );
    let shown = browser.run("return game.start", json!([]));
    assert_eq!(shown, json!(position));
}
