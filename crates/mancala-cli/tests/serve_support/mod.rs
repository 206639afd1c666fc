//! What the tests of `mancala serve` share: the server started on a free port of 127.0.0.1,
//! and a small HTTP/1.1 client over a plain TCP stream.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `mancala serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// Starts the server on a free port and waits for its `serving` line.
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the server says where it listens");
        let address = line
            .strip_prefix("serving http://")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_owned();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Server { child, address }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child
            .try_wait()
            .map(|status| status.is_none())
            .unwrap_or(false)
    }

    /// The process's resident memory, in KiB (Linux), if known.
    pub fn resident_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Sends one request and reads the whole answer: its status and body.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        request(&self.address, method, path, body)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path, None)
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let (status, text) = self.request("POST", path, Some(&body.to_string()));
        (status, json(&text))
    }

    /// A connection with generous time-outs, so that a hang fails the test.
    pub fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(&self.address).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
            .set_write_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
    }

    /// The events of a server-sent stream, read to its end: (name, data).
    pub fn events(&self, path: &str) -> (u16, Vec<(String, serde_json::Value)>) {
        let (status, body) = self.get(path);
        (status, parse_events(&body))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends one request to `address` and reads the whole answer (by its length, its chunks or
/// to the end of the connection): its status and body.
pub fn request(address: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    send(&mut stream, method, path, body.map(str::as_bytes));
    let mut reader = BufReader::new(stream);
    let mut head = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).expect("the answer reads") == 0 || line == "\r\n" {
            break;
        }
        head.push(line.trim_end().to_owned());
    }
    let status = head
        .first()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {head:?}"));
    let header = |name: &str| {
        head.iter().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    };
    let mut bytes = Vec::new();
    if let Some(length) = header("content-length").and_then(|value| value.parse().ok()) {
        bytes.resize(length, 0);
        reader.read_exact(&mut bytes).expect("the body reads");
    } else if header("transfer-encoding").is_some_and(|value| value.eq_ignore_ascii_case("chunked"))
    {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).expect("a chunk reads");
            let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            let mut chunk = vec![0; size + 2];
            if reader.read_exact(&mut chunk).is_err() || size == 0 {
                break;
            }
            bytes.extend_from_slice(&chunk[..size]);
        }
    } else {
        reader.read_to_end(&mut bytes).expect("the body reads");
    }
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// Writes a request, the connection to close after the answer.
pub fn send(stream: &mut TcpStream, method: &str, path: &str, body: Option<&[u8]>) {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    if let Some(body) = body {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    // A server may answer and close before a refused body is all sent.
    let _ = stream.write_all(head.as_bytes());
    if let Some(body) = body {
        let _ = stream.write_all(body);
    }
}

/// Text as JSON (a failure names the text).
pub fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("not JSON ({error}): {text}"))
}

/// Server-sent events: (name, data as JSON), comments left out.
pub fn parse_events(body: &str) -> Vec<(String, serde_json::Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event:") {
                    name = Some(value.trim().to_owned());
                } else if let Some(value) = line.strip_prefix("data:") {
                    data.push_str(value.trim());
                }
            }
            Some((name?, json(&data)))
        })
        .collect()
}

/// Percent-encodes a query value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
