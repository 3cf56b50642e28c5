//! File helpers shared by every layer that writes user data.
//!
//! Every write of user data goes through [`write_atomic`] or
//! [`write_newest`]: a temporary file of its own, flushed to disk, renamed
//! over the target, and the folder flushed too, with one writer at a time
//! per file. A crash, a power cut or two writers racing can then only ever
//! leave the old file or the new one, never a mix or a half.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Set this to a directory to keep sudolens's files there instead of the
/// user's data directory (tests point it at a temporary directory).
pub const DATA_DIR_ENV: &str = "SUDOLENS_DATA_DIR";

/// The directory for sudolens's files: `$SUDOLENS_DATA_DIR`, else
/// `$XDG_DATA_HOME/sudolens`, else the platform's usual place
/// (`~/.local/share/sudolens`, `%APPDATA%\sudolens`,
/// `~/Library/Application Support/sudolens`), else `./sudolens-data`.
pub fn data_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var(DATA_DIR_ENV) {
        return PathBuf::from(dir);
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return PathBuf::from(dir).join("sudolens");
    }
    if cfg!(windows) {
        if let Some(dir) = var("APPDATA") {
            return PathBuf::from(dir).join("sudolens");
        }
    }
    if let Some(home) = var("HOME") {
        let home = PathBuf::from(home);
        return if cfg!(target_os = "macos") {
            home.join("Library/Application Support/sudolens")
        } else {
            home.join(".local/share/sudolens")
        };
    }
    PathBuf::from("sudolens-data")
}

/// An I/O error in plain words: the system's message without Rust's
/// "(os error 28)" suffix (issue 32, N13).
pub fn io_words(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// What a [`write_newest`] call did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// The file now holds these bytes.
    Written,
    /// A newer version was already written by this process: these older
    /// bytes were dropped so that they cannot overwrite it.
    SkippedOlder,
}

/// Writes `bytes` to `path` atomically, one writer at a time (see the module
/// docs). The folder must exist.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("sudolens-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// sudolens::files::write_atomic(&dir.join("a.txt"), b"hello").unwrap();
/// assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"hello");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_newest(path, 0, bytes).map(|_| ())
}

/// Writes `bytes` as version `version` of `path`, atomically and one writer
/// at a time. Within this process the newest version always wins: a write
/// whose version is older than one already written is dropped, so a slow
/// background save can never replace a newer save made meanwhile. Equal
/// versions are both written (the later call wins). Version 0 is "no
/// version" and always writes.
pub fn write_newest(path: &Path, version: u64, bytes: &[u8]) -> std::io::Result<Written> {
    let target = write_target(path)?;
    let path = target.as_path();
    let dir = folder_of(path);
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?
        .to_string_lossy()
        .into_owned();
    let slot = writer_slot(path);
    // A poisoned lock only means another writer panicked: the version it
    // holds is still the newest one written.
    let mut newest = slot.lock().unwrap_or_else(|e| e.into_inner());
    if version != 0 && version < *newest {
        return Ok(Written::SkippedOlder);
    }
    // Other processes (a second window) take the same lock on disk.
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(format!(".{name}.lock")))?;
    lock.lock()?;
    remove_stale_temps(dir, &name);
    let tmp = dir.join(format!(
        ".{name}.{}-{}.tmp",
        std::process::id(),
        NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        sync_folder(dir)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    let _ = lock.unlock();
    result?;
    *newest = (*newest).max(version);
    Ok(Written::Written)
}

/// The file a write to `path` replaces: `path` itself, or the file a
/// symbolic link there points to, so that the link stays a link (renaming
/// over it would put a plain file in its place). A FIFO, a device or a
/// folder is refused: renaming over it would silently replace it with a
/// plain file, and writing into it is no save.
fn write_target(path: &Path) -> std::io::Result<PathBuf> {
    use std::io::{Error, ErrorKind};
    let mut target = path.to_path_buf();
    // As many links as Linux follows before it gives up (ELOOP).
    for _ in 0..40 {
        let meta = match std::fs::symlink_metadata(&target) {
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(target),
            other => other?,
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(target);
        }
        if !kind.is_symlink() {
            let what = if kind.is_dir() {
                "a folder"
            } else if is_fifo(&kind) {
                "a FIFO (a named pipe)"
            } else {
                "a device or socket"
            };
            return Err(Error::new(
                ErrorKind::InvalidInput,
                format!("this is {what}, not a file: sudolens saves only into files"),
            ));
        }
        // A relative link is relative to its own folder.
        target = folder_of(&target).join(std::fs::read_link(&target)?);
    }
    Err(Error::new(
        ErrorKind::InvalidInput,
        "too many symbolic links in a row",
    ))
}

#[cfg(unix)]
fn is_fifo(kind: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(kind)
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::FileType) -> bool {
    false
}

/// Moves a file that could not be read out of the way, under a name of its
/// own beside it: `autosave.json` becomes `autosave.damaged-20261123-184500.json`
/// (`label` is `damaged`), then `-2`, `-3`... within one second. It is then
/// neither read again nor lost, and it never replaces an earlier one.
/// Returns where it went.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("sudolens-aside-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("notes.txt"), b"garbled").unwrap();
/// let aside = sudolens::files::set_aside(&dir.join("notes.txt"), "damaged").unwrap();
/// assert!(aside.file_name().unwrap().to_string_lossy().starts_with("notes.damaged-"));
/// assert_eq!(std::fs::read(&aside).unwrap(), b"garbled");
/// assert!(!dir.join("notes.txt").exists());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn set_aside(path: &Path, label: &str) -> std::io::Result<PathBuf> {
    let dir = folder_of(path);
    let stem = path
        .file_stem()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?
        .to_string_lossy()
        .into_owned();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let stamp = utc_stamp(std::time::SystemTime::now());
    for n in 1u32..=10_000 {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let aside = dir.join(format!("{stem}.{label}-{stamp}{suffix}{ext}"));
        if move_unless_taken(path, &aside)? {
            return Ok(aside);
        }
    }
    Err(std::io::Error::other(format!(
        "{} files set aside from this second already",
        10_000
    )))
}

/// Renames `from` to `to` unless `to` exists: `false` when it does. A hard
/// link fails when the name is taken, where a rename would silently replace
/// the file there.
pub fn move_unless_taken(from: &Path, to: &Path) -> std::io::Result<bool> {
    match std::fs::hard_link(from, to) {
        Ok(()) => {
            std::fs::remove_file(from)?;
            Ok(true)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        // Some file systems have no hard links: check, then rename.
        Err(_) if !to.exists() => std::fs::rename(from, to).map(|()| true),
        Err(e) => Err(e),
    }
}

/// `YYYYMMDD-HHMMSS` in UTC, for file names that sort by time.
pub fn utc_stamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`: shift to years starting in March, so leap days fall
/// at the end of a 400-year era's year).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Numbers temporary files, so that two writers of one process never share one.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// The folder a file lives in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The in-process lock of one file, holding the newest version written.
fn writer_slot(path: &Path) -> Arc<Mutex<u64>> {
    static SLOTS: OnceLock<Mutex<HashMap<PathBuf, Arc<Mutex<u64>>>>> = OnceLock::new();
    // Two spellings of one path must share a slot.
    let key = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut slots = SLOTS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    slots.entry(key).or_default().clone()
}

/// Deletes the temporary files a killed writer left behind. Only called
/// while holding the file's lock, so no live writer owns any of them.
fn remove_stale_temps(dir: &Path, name: &str) {
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        // Only `.{name}.{pid}-{n}.tmp`: the temps of `{name}.bak` are not ours.
        let ours = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|id| id.split_once('-'))
            .is_some_and(|(pid, n)| all_digits(pid) && all_digits(n));
        if ours {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Flushes a folder's entries, so that a rename in it survives a power cut.
/// Windows cannot open a folder as a file; NTFS journals the rename itself.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    if cfg!(unix) {
        File::open(dir)?.sync_all()
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sudolens-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The files in `dir` that are not lock files.
    fn visible_files(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.ends_with(".lock"))
            .collect()
    }

    #[test]
    fn io_errors_lose_the_os_error_number() {
        let full = std::io::Error::from_raw_os_error(28);
        assert_eq!(io_words(&full), "No space left on device");
        assert_eq!(io_words(&std::io::Error::other("disk gone")), "disk gone");
    }

    #[test]
    fn stamps_are_utc_calendar_times() {
        let at = |s: u64| utc_stamp(std::time::UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "19700101-000000");
        assert_eq!(at(951_782_400), "20000229-000000");
        assert_eq!(at(1_795_459_599), "20261123-184639");
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temp() {
        let dir = temp_dir("replace");
        let path = dir.join("a.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(visible_files(&dir), ["a.txt"]);
        let err = write_atomic(&dir.join("missing/x.txt"), b"x");
        assert!(err.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 32: a save over a symbolic link replaced the link with a
    /// plain file, and one over a FIFO replaced the FIFO.
    #[cfg(unix)]
    #[test]
    fn links_stay_links_and_fifos_are_refused() {
        let dir = temp_dir("links");
        let real = dir.join("real.json");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");

        let fifo = dir.join("fifo.json");
        let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let err = write_atomic(&fifo, b"x").unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
        assert!(is_fifo(
            &std::fs::symlink_metadata(&fifo).unwrap().file_type()
        ));
        let err = write_atomic(&dir, b"x").unwrap_err();
        assert!(err.to_string().contains("folder"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temps_left_by_a_killed_writer_are_cleaned_up() {
        let dir = temp_dir("stale");
        let path = dir.join("a.txt");
        std::fs::write(dir.join(".a.txt.999-3.tmp"), b"half").unwrap();
        std::fs::write(dir.join(".a.txt.bak.999-3.tmp"), b"another file's").unwrap();
        write_atomic(&path, b"whole").unwrap();
        let mut left = visible_files(&dir);
        left.sort();
        assert_eq!(left, [".a.txt.bak.999-3.tmp", "a.txt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_older_version_never_replaces_a_newer_one() {
        let dir = temp_dir("newest");
        let path = dir.join("save.json");
        assert_eq!(write_newest(&path, 5, b"five").unwrap(), Written::Written);
        assert_eq!(
            write_newest(&path, 3, b"three").unwrap(),
            Written::SkippedOlder
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"five");
        assert_eq!(
            write_newest(&path, 5, b"five again").unwrap(),
            Written::Written
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"five again");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Two writers of one process racing on one file, as the background
    /// autosave and the exit save can: every read sees a whole file, and the
    /// newest version is the one left.
    #[test]
    fn racing_writers_leave_a_whole_file_and_the_newest_version() {
        let dir = temp_dir("race");
        let path = dir.join("autosave.json");
        let body = |v: u64| format!("{{\"version\": {v}, \"pad\": \"{}\"}}", "x".repeat(4096));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let reader = {
            let (path, stop) = (path.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut reads = 0;
                while !stop.load(Ordering::Relaxed) {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        let v: serde_json::Value =
                            serde_json::from_str(&text).expect("a whole JSON file");
                        assert!(v["version"].is_u64());
                        reads += 1;
                    }
                }
                reads
            })
        };
        let writers: Vec<_> = (0..2u64)
            .map(|w| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..150u64 {
                        let v = i * 2 + w + 1;
                        write_newest(&path, v, body(v).as_bytes()).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        stop.store(true, Ordering::Relaxed);
        assert!(reader.join().unwrap() > 0);
        let last: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(last["version"], 300);
        assert_eq!(visible_files(&dir), ["autosave.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
