//! `sudolens serve` as a user runs it: the first line is the page's URL
//! with its token, Ctrl+C stops it cleanly, and twenty 12-megapixel photos
//! uploaded at once, or ten white 100-megapixel PNGs, keep the server
//! process under 500 MB (its own peak resident memory, `VmHWM`: see
//! [`own_peak_kib`]).

use crate::batch::wait_with_peak;
use crate::http::{Reply, Site};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `sudolens serve --port 0 ARGS` and reads its first line.
fn serve(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut first).unwrap();
    child.stdout = Some(out.into_inner());
    (child, first.trim_end().to_string())
}

/// The high-water mark of a running process's own resident memory in KiB (see
/// `batch::wait_with_peak` for why not `wait4`).
fn own_peak_kib(pid: u32) -> i64 {
    crate::batch::high_water_kib(pid).expect("VmHWM in /proc/PID/status")
}

/// Ctrl+C, as a terminal sends it.
fn interrupt(child: &Child) {
    // SAFETY: the pid is our own child's, not yet reaped.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
}

fn stderr_of(child: &mut Child) -> String {
    let mut s = String::new();
    child.stderr.take().unwrap().read_to_string(&mut s).unwrap();
    s
}

#[test]
// The child is reaped by `wait_with_peak` (waitpid).
#[allow(clippy::zombie_processes)]
fn serve_prints_its_url_first_and_stops_on_ctrl_c() {
    let (mut child, url) = serve(&[]);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let site = Site::from_url(&url);
    assert!(site.token.len() >= 22, "at least 128 bits: {url}");
    assert!(site
        .token
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    assert_eq!(site.get("/api/info").status, 200);
    interrupt(&child);
    let (code, _) = wait_with_peak(&child);
    assert_eq!(code, 0, "Ctrl+C is a clean stop: {}", stderr_of(&mut child));
    // a second server gets another token
    let (mut other, url2) = serve(&[]);
    assert_ne!(Site::from_url(&url2).token, site.token);
    interrupt(&other);
    let (code, _) = wait_with_peak(&other);
    assert_eq!(code, 0, "{}", stderr_of(&mut other));
}

#[test]
#[allow(clippy::zombie_processes)]
fn serve_on_the_lan_warns_who_can_reach_it() {
    // The LAN address named for the test: this machine may have none.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["serve", "--port", "0", "--lan"])
        .env("SUDOLENS_LAN_ADDRESS", "127.0.0.2")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut url = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut url).unwrap();
    assert!(url.starts_with("http://127.0.0.2:"), "{url}");
    interrupt(&child);
    let (code, _) = wait_with_peak(&child);
    let err = stderr_of(&mut child);
    assert_eq!(code, 0);
    assert!(err.contains("warning: anyone on this network"), "{err}");
    assert!(
        err.contains("clear HTTP"),
        "the network can see the link: {err}"
    );
}

#[test]
#[allow(clippy::zombie_processes)]
fn twenty_twelve_megapixel_uploads_stay_under_500_mb() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let photo = crate::big_photo::twelve_megapixel_jpeg(root);
    let (mut child, url) = serve(&[]);
    let site = Site::from_url(&url);
    let start = Instant::now();
    let mut retried = 0;
    for (r, busy) in upload_at_once(&site, "/api/import", &photo, 20) {
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["width"], 4000);
        retried += busy;
    }
    let took = start.elapsed();
    // every import is over: the server's own peak, read while it still runs
    let peak_kib = own_peak_kib(child.id());
    interrupt(&child);
    let (code, _) = wait_with_peak(&child);
    assert_eq!(code, 0, "{}", stderr_of(&mut child));
    println!(
        "20 concurrent 12 MP uploads ({} KB each): answered in {took:?} with {retried} 503s \
         retried; server peak resident memory {} MB",
        photo.len() / 1000,
        peak_kib / 1024
    );
    assert!(
        peak_kib * 1024 < 500_000_000,
        "peak memory {} MB",
        peak_kib / 1024
    );
    assert!(took < Duration::from_secs(600));
}

/// Sends `photo` to `path` from `count` threads at once, each retrying
/// while the server says it is busy: the answers, with their 503s retried.
fn upload_at_once(site: &Site, path: &str, photo: &[u8], count: usize) -> Vec<(Reply, usize)> {
    let photo = std::sync::Arc::new(photo.to_vec());
    let uploads: Vec<_> = (0..count)
        .map(|_| {
            let (site, photo, path) = (site.clone(), photo.clone(), path.to_string());
            std::thread::spawn(move || site.post_photo_until_served(&path, &photo))
        })
        .collect();
    uploads.into_iter().map(|u| u.join().unwrap()).collect()
}

/// A white photo of `width` x `height` pixels as an RGB PNG: a few hundred
/// KB for 100 megapixels, which decode to 300 MB of colours.
fn white_png(width: u32, height: u32) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let white = image::RgbImage::from_pixel(width, height, image::Rgb([255, 255, 255]));
    let mut png = Vec::new();
    PngEncoder::new_with_quality(&mut png, CompressionType::Best, FilterType::Up)
        .write_image(&white, width, height, image::ExtendedColorType::Rgb8)
        .unwrap();
    png
}

#[test]
#[allow(clippy::zombie_processes)]
fn ten_hundred_megapixel_pngs_at_once_stay_under_500_mb() {
    let photo = white_png(10_000, 10_000);
    let (mut child, url) = serve(&[]);
    let site = Site::from_url(&url);
    let start = Instant::now();
    let mut answers = Vec::new();
    let path = "/api/photo?name=white.png&lang=en";
    for (r, _) in upload_at_once(&site, path, &photo, 10) {
        assert!(r.status < 500, "{} {}", r.status, r.text());
        answers.push(r.status);
    }
    let took = start.elapsed();
    let peak_kib = own_peak_kib(child.id());
    interrupt(&child);
    let (code, _) = wait_with_peak(&child);
    assert_eq!(code, 0, "{}", stderr_of(&mut child));
    println!(
        "10 concurrent 100 MP white PNGs ({} KB each): answered {answers:?} in {took:?}; \
         server peak resident memory {} MB",
        photo.len() / 1000,
        peak_kib / 1024
    );
    assert!(
        peak_kib * 1024 < 500_000_000,
        "peak memory {} MB",
        peak_kib / 1024
    );
}
