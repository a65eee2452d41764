//! Only the server's own page and local tools may call it.
//!
//! A web page from anywhere can make a browser send requests to 127.0.0.1, so every
//! request is checked before it reaches a handler: its `Host` must name this server
//! (localhost, 127.0.0.1 or ::1, or the bound address, on the bound port), which stops
//! DNS rebinding; an `Origin`, when there is one, must be this server's own; an API
//! request a browser marks as coming from another site is refused; and API posts must
//! be `Content-Type: application/json`, which a cross-origin page cannot send without
//! a CORS preflight that this server never grants (it sends no CORS headers at all).
//! Refusals are 403, or 415 for a wrong content type, with a JSON `{"error"}` line.

use crate::api::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The names and port this server answers to.
#[derive(Clone, Debug)]
pub struct Origins {
    /// Host names accepted (lower case; IPv6 in brackets).
    hosts: Vec<String>,
    /// The port the server listens on.
    port: u16,
}

impl Origins {
    /// The loopback names and `addr`'s own address, on `addr`'s port.
    pub fn for_addr(addr: SocketAddr) -> Origins {
        let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .into_iter()
            .map(String::from)
            .collect();
        let own = match addr {
            SocketAddr::V4(a) => a.ip().to_string(),
            SocketAddr::V6(a) => format!("[{}]", a.ip()),
        };
        if !addr.ip().is_unspecified() && !hosts.contains(&own) {
            hosts.push(own);
        }
        Origins {
            hosts,
            port: addr.port(),
        }
    }

    /// Whether `authority` (`host[:port]`, as in a `Host` header) names this server.
    pub fn accepts_authority(&self, authority: &str) -> bool {
        let authority = authority.to_ascii_lowercase();
        let (host, port) = match authority.rfind(':') {
            // A colon inside brackets is part of an IPv6 address, not a port.
            Some(i) if !authority[i..].contains(']') => {
                (&authority[..i], Some(&authority[i + 1..]))
            }
            _ => (&authority[..], None),
        };
        let port_ok = match port {
            Some(p) => p.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        port_ok && self.hosts.iter().any(|h| h == host)
    }

    /// Whether `origin` (`http://host[:port]`, as in an `Origin` header) is this
    /// server's own page.
    pub fn accepts_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|authority| !authority.contains('/') && self.accepts_authority(authority))
    }
}

fn forbidden(message: String) -> Response {
    ApiError {
        status: StatusCode::FORBIDDEN,
        message,
        retry_after: None,
    }
    .into_response()
}

/// Why a request is refused, if it is (see the module documentation).
fn check(origins: &Origins, method: &Method, path: &str, headers: &HeaderMap) -> Option<Response> {
    let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"));
    match text(header::HOST) {
        Some(host) if origins.accepts_authority(host) => {}
        Some(host) => {
            return Some(forbidden(format!(
                "requests must be addressed to localhost:{} or 127.0.0.1:{}, not {host:?}",
                origins.port, origins.port
            )))
        }
        None => return Some(forbidden("the request has no Host header".into())),
    }
    if let Some(origin) = text(header::ORIGIN) {
        if !origins.accepts_origin(origin) {
            return Some(forbidden(format!(
                "cross-origin requests are refused (Origin: {origin})"
            )));
        }
    }
    let api = path.starts_with("/api/");
    if api {
        if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
            if !matches!(site, "same-origin" | "none") {
                return Some(forbidden(format!(
                    "cross-site requests are refused (Sec-Fetch-Site: {site})"
                )));
            }
        }
    }
    if api && method == Method::POST {
        let json = text(header::CONTENT_TYPE).is_some_and(|ct| {
            ct.split(';')
                .next()
                .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Some(
                ApiError {
                    status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    message: "the body must be sent as Content-Type: application/json".into(),
                    retry_after: None,
                }
                .into_response(),
            );
        }
    }
    None
}

/// The middleware: refuse what `check` refuses, pass the rest on.
pub async fn guard(State(origins): State<Arc<Origins>>, req: Request, next: Next) -> Response {
    match check(&origins, req.method(), req.uri().path(), req.headers()) {
        Some(refusal) => refusal,
        None => next.run(req).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_only_this_servers_names_and_port() {
        let o = Origins::for_addr("127.0.0.1:8080".parse().unwrap());
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(o.accepts_authority(ok), "{ok}");
        }
        for bad in [
            "127.0.0.1",
            "127.0.0.1:8081",
            "evil.example:8080",
            "localhost.evil.example:8080",
            "127.0.0.1:8080:8080",
            "",
            "[::1]",
        ] {
            assert!(!o.accepts_authority(bad), "{bad}");
        }
        assert!(o.accepts_origin("http://127.0.0.1:8080"));
        assert!(o.accepts_origin("http://localhost:8080"));
        for bad in [
            "null",
            "https://127.0.0.1:8080",
            "http://evil.example:8080",
            "http://127.0.0.1:9999",
            "http://127.0.0.1:8080/x",
        ] {
            assert!(!o.accepts_origin(bad), "{bad}");
        }
        let v6 = Origins::for_addr("[::1]:80".parse().unwrap());
        assert!(v6.accepts_authority("[::1]") && v6.accepts_authority("localhost:80"));
    }

    #[test]
    fn api_posts_need_json_and_browsers_same_origin() {
        let o = Origins::for_addr("127.0.0.1:8080".parse().unwrap());
        let headers = |pairs: &[(&'static str, &str)]| {
            let mut h = HeaderMap::new();
            for (k, v) in pairs {
                h.insert(*k, v.parse().unwrap());
            }
            h
        };
        let status =
            |m: Method, path: &str, h: &HeaderMap| check(&o, &m, path, h).map(|r| r.status());
        let host = ("host", "127.0.0.1:8080");
        let json = ("content-type", "application/json; charset=utf-8");
        assert_eq!(
            status(Method::POST, "/api/solve", &headers(&[host, json])),
            None
        );
        assert_eq!(
            status(
                Method::POST,
                "/api/solve",
                &headers(&[host, ("content-type", "text/plain")])
            ),
            Some(StatusCode::UNSUPPORTED_MEDIA_TYPE)
        );
        assert_eq!(
            status(Method::POST, "/api/solve", &headers(&[host])),
            Some(StatusCode::UNSUPPORTED_MEDIA_TYPE)
        );
        assert_eq!(
            status(
                Method::POST,
                "/api/solve",
                &headers(&[host, json, ("sec-fetch-site", "cross-site")])
            ),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(
                Method::POST,
                "/api/solve",
                &headers(&[host, json, ("origin", "http://evil.example")])
            ),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(Method::GET, "/", &headers(&[("host", "evil.example:8080")])),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(Method::GET, "/", &headers(&[])),
            Some(StatusCode::FORBIDDEN)
        );
        // A link from elsewhere may open the page itself.
        assert_eq!(
            status(
                Method::GET,
                "/",
                &headers(&[host, ("sec-fetch-site", "cross-site")])
            ),
            None
        );
    }
}
