//! A `grundy serve` process for tests and a small HTTP client over
//! `TcpStream`, shared by the server's test files, so the tests need
//! nothing the server does not.
// Each test file uses some of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running server, killed when dropped.
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the address line");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_string();
        Server { child, addr }
    }

    pub fn get(&self, path: &str) -> Reply {
        request(&self.addr, "GET", path)
    }

    pub fn json(&self, path: &str) -> Value {
        let r = self.get(path);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        assert!(r.content_type.starts_with("application/json"), "{path}");
        serde_json::from_str(&r.body).expect("valid JSON")
    }

    /// Asserts that `path` fails with `status` and a one-line JSON error
    /// containing `needle`.
    pub fn fails(&self, path: &str, status: u16, needle: &str) {
        let r = self.get(path);
        r.assert_error(status, needle, path);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn assert_error(&self, status: u16, needle: &str, what: &str) {
        assert_eq!(self.status, status, "{what}: {}", self.body);
        assert!(
            self.content_type.starts_with("application/json"),
            "{what}: {}",
            self.content_type
        );
        assert_eq!(self.body.trim_end().lines().count(), 1, "{what}: one line");
        let v: Value = serde_json::from_str(&self.body).expect("JSON error");
        let obj = v.as_object().unwrap();
        assert_eq!(obj.len(), 1, "{what}: only `error`: {}", self.body);
        let msg = obj["error"].as_str().unwrap();
        assert!(msg.contains(needle), "{what}: `{needle}` not in `{msg}`");
    }
}

/// One HTTP/1.1 request on a fresh connection.
pub fn request(addr: &str, method: &str, path: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("a reply");
    let text = String::from_utf8(raw).expect("UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("headers end");
    let status = head[9..12].parse().expect("status");
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type: "))
        .unwrap_or("")
        .to_string();
    Reply {
        status,
        content_type,
        headers: head.to_string(),
        body: body.to_string(),
    }
}

/// What `grundy ARGS` prints on stdout.
pub fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Percent-encodes a query value.
pub fn enc(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Sends a request on `stream` and reads one answer, keeping the
/// connection open; returns the status.
pub fn keep_alive_request(stream: &mut TcpStream, path: &str) -> u16 {
    write!(stream, "GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut head = String::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length: ") {
            length = n.trim().parse().unwrap();
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    head[9..12].parse().unwrap()
}

/// How long until the server closes `stream` (reads give 0 or fail), at
/// most `within`; panics if it stays open.
pub fn closed_within(stream: &mut TcpStream, within: Duration) -> Duration {
    let started = Instant::now();
    stream.set_read_timeout(Some(within)).unwrap();
    let mut buf = [0u8; 256];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return started.elapsed(),
            Ok(_) => continue,
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                panic!("still open after {within:?}")
            }
            Err(_) => return started.elapsed(),
        }
    }
}

/// Asks for `/api/games` on fresh connections until one is answered,
/// failing after `within` (the connection cap may still be full).
pub fn served_again_within(addr: &str, within: Duration) {
    let started = Instant::now();
    loop {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        write!(
            stream,
            "GET /api/games HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        let _ = stream.read_to_string(&mut raw);
        if raw.starts_with("HTTP/1.1 200") {
            return;
        }
        assert!(started.elapsed() < within, "{raw}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
