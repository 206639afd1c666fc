//! `mancala serve`'s API, on a server started on a free port of 127.0.0.1: every game drawn
//! and played, records and position strings read back, analysis streamed with the exact value,
//! bad requests answered with the parsers' messages, searches bounded, and random and
//! oversized requests neither crashing, hanging nor growing the server.

mod serve_support;

use serde_json::{json, Value};
use serve_support::{encode, send, Server};
use std::io::{BufRead, BufReader};
use std::time::{Duration, Instant};

const GAMES: [&str; 5] = ["toguz", "mangala4", "katro", "oware", "kalah"];

/// The strings of a JSON array.
fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|item| item.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn every_game_is_described_drawn_and_played() {
    let server = Server::start();
    let (status, text) = server.get("/api/games");
    assert_eq!(status, 200, "{text}");
    let games = serve_support::json(&text);
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, GAMES);
    for game in games.as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        // Every preset reads, and the start's legal moves are the holes a click plays.
        for preset in strings(&game["presets"]) {
            let (status, state) =
                server.post("/api/state", &json!({ "game": name, "rules": preset }));
            assert_eq!(status, 200, "{name} {preset}: {state}");
            let svg = state["svg"].as_str().unwrap();
            assert!(svg.starts_with("<svg"), "{name}");
            let mut clickable: Vec<String> = svg
                .split("data-moves=\"")
                .skip(1)
                .flat_map(|rest| {
                    let moves = rest.split('"').next().unwrap();
                    moves
                        .split_whitespace()
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect();
            let mut legal = strings(&state["legal"]);
            legal.retain(|mv| mv != "pass");
            clickable.sort();
            legal.sort();
            assert_eq!(clickable, legal, "{name} {preset}");
            assert!(!legal.is_empty(), "{name} {preset}");
        }
        // The engine's moves, played one by one; the last one marked on the board.
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..6 {
            let (status, answer) = server.post(
                "/api/engine",
                &json!({ "game": name, "moves": moves, "time_ms": 100, "depth": 3 }),
            );
            if status == 400 && answer["error"] == "the game is over" {
                break;
            }
            assert_eq!(status, 200, "{name}: {answer}");
            let mv = answer["move"].as_str().unwrap().to_owned();
            assert_eq!(answer["pv"][0], mv.as_str(), "{name}");
            let (_, before) = server.post("/api/state", &json!({ "game": name, "moves": moves }));
            assert!(strings(&before["legal"]).contains(&mv), "{name}: {mv}");
            moves.push(mv.clone());
            let (status, state) =
                server.post("/api/state", &json!({ "game": name, "moves": moves }));
            assert_eq!(status, 200, "{name}: {state}");
            assert_eq!(state["last"], mv.as_str());
            assert_eq!(strings(&state["moves"]), moves);
            if mv != "pass" {
                assert_eq!(state["svg"].as_str().unwrap().matches(" last").count(), 1);
            }
        }
        assert!(!moves.is_empty(), "{name}");
        // The record and the position string read back to the same game.
        let (_, state) = server.post("/api/state", &json!({ "game": name, "moves": moves }));
        let record = state["record"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: {state}"));
        let (status, read) = server.post("/api/record", &json!({ "game": name, "text": record }));
        assert_eq!(status, 200, "{name}: {read}");
        assert_eq!(strings(&read["moves"]), moves, "{name}");
        assert_eq!(read["start"], state["start"], "{name}");
        assert_eq!(read["position"], state["position"], "{name}");
        let (status, again) = server.post(
            "/api/state",
            &json!({ "game": name, "start": state["position"] }),
        );
        assert_eq!(status, 200, "{name}: {again}");
        assert_eq!(again["position"], state["position"]);
        assert_eq!(again["legal"], state["legal"]);
    }
}

#[test]
fn a_kalah_game_is_played_to_its_end_engine_against_engine() {
    let server = Server::start();
    let mut moves: Vec<String> = Vec::new();
    let rules = "pits=4,seeds=3";
    loop {
        let (_, state) = server.post(
            "/api/state",
            &json!({ "game": "kalah", "rules": rules, "moves": moves }),
        );
        if let Some(result) = state["result"].as_str() {
            assert!(
                result.contains("wins") || result.starts_with("draw"),
                "{result}"
            );
            assert!(state["svg"].as_str().unwrap().contains("class=\"hole"));
            assert!(state["to_move"].is_null());
            break;
        }
        assert!(moves.len() < 200, "the game does not end");
        let (status, answer) = server.post(
            "/api/engine",
            &json!({ "game": "kalah", "rules": rules, "moves": moves, "depth": 4 }),
        );
        assert_eq!(status, 200, "{answer}");
        moves.push(answer["move"].as_str().unwrap().to_owned());
    }
}

#[test]
fn bad_requests_get_the_parsers_messages() {
    let server = Server::start();
    let cases = [
        (json!({ "game": "chess" }), "unknown game `chess`"),
        (
            json!({ "game": "kalah", "moves": ["6", "9"] }),
            "move 2 `9`",
        ),
        (
            json!({ "game": "toguz", "moves": ["1", "1", "0"] }),
            "move 3 `0`",
        ),
        (
            json!({ "game": "toguz", "start": "9,9,9/1 S" }),
            "position string `9,9,9/1 S`",
        ),
        (
            json!({ "game": "oware", "rules": "houses=99" }),
            "rules `houses=99`",
        ),
        (
            json!({ "game": "katro", "rules": "size=5x5" }),
            "rules `size=5x5`",
        ),
        (
            json!({ "game": "mangala4", "rules": "everything" }),
            "rules `everything`",
        ),
        (
            json!({ "game": "kalah", "moves": 7 }),
            "expected a sequence",
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = server.post("/api/state", &body);
        assert!((400..500).contains(&status), "{body}: {status}");
        let message = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(message.contains(expected), "{body}: {message}");
    }
    // An illegal move names the rule's reason, after the move's number.
    let (status, answer) = server.post(
        "/api/state",
        &json!({ "game": "kalah", "moves": ["6", "6", "6"] }),
    );
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("move 3 (6) is illegal: pit 6 is empty"),
        "{answer}"
    );
    for (query, expected) in [
        ("game=kalah&time_ms=0", "time_ms takes 1 to"),
        ("game=kalah&threads=99", "threads takes 1 to"),
        ("game=kalah&depth=65", "depth takes 1 to 64"),
        ("game=kalah&moves=6%206%206", "move 3 (6) is illegal"),
        ("game=kalah&time_ms=ten", "time_ms"),
    ] {
        let (status, text) = server.get(&format!("/api/analyse?{query}"));
        assert_eq!(status, 400, "{query}: {text}");
        let answer = serve_support::json(&text);
        assert!(
            answer["error"].as_str().unwrap().contains(expected),
            "{query}: {answer}"
        );
    }
    // A page elsewhere, its name pointed here, is refused.
    let mut stream = server.connect();
    std::io::Write::write_all(
        &mut stream,
        b"GET /api/games HTTP/1.1\r\nHost: evil.example:8080\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(
        answer.contains("host `evil.example:8080` is not this machine"),
        "{answer}"
    );
    let (status, text) = server.get("/no/such/page");
    assert_eq!(status, 404);
    assert!(serve_support::json(&text)["error"].is_string());
    let (status, text) = server.request("POST", "/api/state", Some("{\"game\": "));
    assert_eq!(status, 400, "{text}");
    assert!(serve_support::json(&text)["error"].is_string());
    let (status, text) = server.get("/api/state");
    assert_eq!(status, 405, "{text}");
    // A body over the limit is refused with a JSON error, and the server goes on.
    let huge = format!(
        "{{\"game\":\"toguz\",\"text\":\"{}\"}}",
        "1".repeat(5 << 20)
    );
    let (status, text) = server.request("POST", "/api/record", Some(&huge));
    assert_eq!(status, 413, "{}", &text[..text.len().min(200)]);
    assert!(serve_support::json(&text)["error"].is_string());
    let (status, _) = server.get("/api/games");
    assert_eq!(status, 200);
}

#[test]
fn the_playok_file_and_kz_records_read() {
    let Some(path) = mancala_kit::data::shared_file(
        env!("CARGO_MANIFEST_DIR"),
        "toguz/playok-2024-2025.pgn",
        "serve_api: the PlayOK file",
    ) else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let server = Server::start();
    for index in [0, 1234, 2397] {
        let (status, read) = server.post(
            "/api/record",
            &json!({ "game": "toguz", "text": text, "index": index }),
        );
        assert_eq!(status, 200, "{read}");
        assert_eq!(read["games"], 2398);
        assert_eq!(read["titles"].as_array().unwrap().len(), 2398);
        assert!(read["replay_error"].is_null(), "{index}: {read}");
        assert!(strings(&read["moves"]).len() > 10, "{index}");
    }
    let (status, read) = server.post(
        "/api/record",
        &json!({ "game": "toguz", "text": text, "index": 2398 }),
    );
    assert_eq!(status, 400);
    assert_eq!(read["error"], "the text holds 2398 games, not 2399");
    // The first game in KZ style (no kazan totals) reads to the same moves.
    let (_, first) = server.post("/api/record", &json!({ "game": "toguz", "text": text }));
    let moves: Vec<mancala_games::toguz::Move> = strings(&first["moves"])
        .iter()
        .map(|mv| mv.parse().unwrap())
        .collect();
    let kz = mancala_games::toguz::Record::from_moves(
        &mancala_games::toguz::Toguz::default(),
        &moves,
        mancala_games::toguz::notation::Style::Kz,
    )
    .unwrap()
    .to_string();
    assert!(!kz.contains('('), "{kz}");
    let (status, read) = server.post("/api/record", &json!({ "game": "toguz", "text": kz }));
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["moves"], first["moves"]);
    assert_eq!(read["position"], first["position"]);
}

#[test]
fn analysis_streams_and_finds_the_exact_value() {
    let server = Server::start();
    let rules = encode("pits=4,seeds=3");
    let (status, events) = server.events(&format!(
        "/api/analyse?game=kalah&rules={rules}&time_ms=500"
    ));
    assert_eq!(status, 200);
    let names: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
    assert!(
        names.iter().filter(|&&name| name == "info").count() >= 2,
        "{names:?}"
    );
    assert_eq!(names[names.len() - 2..], ["exact", "done"]);
    let depths: Vec<u64> = events
        .iter()
        .filter(|(name, _)| name == "info")
        .map(|(_, data)| data["depth"].as_u64().unwrap())
        .collect();
    assert!(
        depths.windows(2).all(|pair| pair[0] < pair[1]),
        "{depths:?}"
    );
    // The value `mancala solve kalah --pits 4 --seeds 3` gives (docs/solving.md).
    let exact = &events[events.len() - 2].1;
    assert_eq!(exact["solved"], true, "{exact}");
    assert_eq!(exact["exact"], 6);
    assert_eq!(exact["best"], json!(["2"]));
    // A big board is not sent to the solver.
    let (_, events) = server.events("/api/analyse?game=toguz&time_ms=200");
    let exact = &events.iter().find(|(name, _)| name == "exact").unwrap().1;
    assert_eq!(exact["solved"], false);
    assert!(
        exact["why"].as_str().unwrap().contains("162 seeds"),
        "{exact}"
    );
}

/// Starts a long analysis and reads its first event; the stream stays open while the
/// connection is kept.
fn start_long_analysis(server: &Server) -> std::net::TcpStream {
    let mut stream = server.connect();
    send(
        &mut stream,
        "GET",
        "/api/analyse?game=toguz&time_ms=60000",
        None,
    );
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 200"), "{line}");
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        if line.starts_with("event:") || line.is_empty() {
            break;
        }
    }
    stream
}

#[test]
fn searches_are_limited_and_stop_when_their_client_goes() {
    let server = Server::start();
    // Two searches run at once; a third waits its turn a few seconds, then is refused.
    let first = start_long_analysis(&server);
    let second = start_long_analysis(&server);
    let asked = Instant::now();
    let (status, answer) = server.post("/api/engine", &json!({ "game": "kalah", "time_ms": 50 }));
    assert_eq!(status, 503, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("busy"));
    assert!(asked.elapsed() < Duration::from_secs(10));
    // Their clients go: both searches stop (the server notices at its next write, a second
    // at most), and two new ones run at once, long before the 60 s the gone ones asked for.
    drop(first);
    drop(second);
    let started = Instant::now();
    loop {
        let statuses: Vec<u16> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        server
                            .post("/api/engine", &json!({ "game": "kalah", "time_ms": 200 }))
                            .0
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap())
                .collect()
        });
        if statuses == [200, 200] {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the gone clients' searches went on: {statuses:?} after {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn an_engine_move_stops_when_its_client_goes() {
    let server = Server::start();
    // Two long engine moves, their clients gone at once.
    for _ in 0..2 {
        let mut stream = server.connect();
        let body = json!({ "game": "toguz", "time_ms": 30000 }).to_string();
        send(&mut stream, "POST", "/api/engine", Some(body.as_bytes()));
        std::thread::sleep(Duration::from_millis(300));
        drop(stream);
    }
    // Had they thought on, every turn to search would be taken for 30 s.
    let started = Instant::now();
    loop {
        let (status, answer) =
            server.post("/api/engine", &json!({ "game": "kalah", "time_ms": 100 }));
        if status == 200 {
            break;
        }
        assert_eq!(status, 503, "{answer}");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the gone clients' engine moves went on"
        );
    }
}

/// A small generator of pseudo-random numbers (xorshift), seeded, for repeatable fuzzing.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn text(&mut self, most: usize) -> String {
        const PIECES: [&str; 16] = [
            "1", "9", "S3", "c1", "c1A", "pass", "2x9", ",", "/", " ", "=", "*", "é", "\"", "\\",
            "\u{0}",
        ];
        let len = self.below(most + 1);
        (0..len).map(|_| PIECES[self.below(PIECES.len())]).collect()
    }

    fn value(&mut self, depth: u32) -> Value {
        match self.below(if depth > 2 { 5 } else { 7 }) {
            0 => Value::Null,
            1 => json!(self.next() as i64),
            2 => json!(self.below(5) == 0),
            3 => json!(self.text(40)),
            4 => json!(GAMES[self.below(GAMES.len())]),
            5 => Value::Array((0..self.below(6)).map(|_| self.value(depth + 1)).collect()),
            _ => {
                let mut object = serde_json::Map::new();
                for _ in 0..self.below(5) {
                    let key = [
                        "game", "moves", "start", "rules", "text", "index", "time_ms",
                    ][self.below(7)];
                    object.insert(key.to_owned(), self.value(depth + 1));
                }
                Value::Object(object)
            }
        }
    }
}

#[test]
fn random_and_oversized_requests_neither_crash_hang_nor_grow_the_server() {
    let cases: usize = std::env::var("MANCALA_FUZZ_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(300);
    let mut server = Server::start();
    let mut random = Random(0x5eed_1234_abcd_9876);
    let paths = [
        "/api/state",
        "/api/record",
        "/api/engine",
        "/api/analyse",
        "/api/games",
        "/",
        "/x",
    ];
    let fuzz = |server: &Server, random: &mut Random, rounds: usize| {
        for round in 0..rounds {
            let path = paths[random.below(paths.len())];
            let started = Instant::now();
            let (status, body) = match random.below(4) {
                0 => {
                    let query: Vec<String> = (0..random.below(6))
                        .map(|_| {
                            let key = [
                                "game", "moves", "start", "rules", "time_ms", "depth", "threads",
                            ][random.below(7)];
                            let value = match key {
                                "game" => GAMES[random.below(GAMES.len())].to_owned(),
                                "time_ms" => (random.below(300) + 1).to_string(),
                                _ => random.text(20),
                            };
                            format!("{key}={}", encode(&value))
                        })
                        .collect();
                    server.get(&format!("{path}?{}", query.join("&")))
                }
                1 => {
                    let mut body = random.value(0);
                    if let Value::Object(map) = &mut body {
                        // Searches stay short, so the round is quick.
                        map.insert("time_ms".into(), json!(random.below(50) + 1));
                    }
                    server.request("POST", path, Some(&body.to_string()))
                }
                2 => {
                    // Bytes that are no JSON, sometimes over the size limit.
                    let len = if random.below(8) == 0 {
                        (5 << 20) + random.below(1000)
                    } else {
                        random.below(3000)
                    };
                    let bytes: String = (0..len)
                        .map(|i| char::from(b' ' + ((i * 7 + round) % 90) as u8))
                        .collect();
                    server.request("POST", path, Some(&bytes))
                }
                _ => {
                    let moves: Vec<String> =
                        (0..random.below(40)).map(|_| random.text(3)).collect();
                    let body =
                        json!({ "game": GAMES[random.below(5)], "moves": moves, "time_ms": 5 });
                    server.request("POST", path, Some(&body.to_string()))
                }
            };
            assert!(status < 500 || status == 503, "{path}: {status} {body}");
            assert!(started.elapsed() < Duration::from_secs(30), "{path}: slow");
            if path.starts_with("/api/") && status != 200 {
                let error = serve_support::json(&body);
                assert!(error["error"].is_string(), "{path}: {body}");
            }
        }
    };
    fuzz(&server, &mut random, cases / 3);
    let warm = server.resident_kib();
    fuzz(&server, &mut random, cases - cases / 3);
    assert!(server.alive(), "the server died");
    let (status, _) = server.get("/api/games");
    assert_eq!(status, 200);
    if let (Some(warm), Some(after)) = (warm, server.resident_kib()) {
        // Memory after the rounds is what the warm server held, give or take the searches'
        // tables and the allocator's caches: not a share of everything sent.
        assert!(
            after < warm + 150 * 1024,
            "resident memory grew from {warm} KiB to {after} KiB"
        );
    }
}
