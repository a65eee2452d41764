//! Table files in the cache directory: a fixed header (magic, version, name, length,
//! checksum, sample checksum) followed by the table's bytes, memory-mapped when read
//! back.
//!
//! Reading a table checks it cheaply, so that a process solving one cube does not
//! read a hundred megabytes first: the header, the file's size and the checksum of a
//! sample of the payload (its first and last blocks and blocks spread evenly between;
//! the whole payload for a table of at most [`FULL_CHECK_UP_TO`] bytes). A truncated
//! or extended file, a changed header, or a change inside a sampled block is caught
//! there and the table rebuilt; a change elsewhere in a large table is caught only by
//! [`verify`], which reads every byte (`cubist tables --verify`). A build checks its
//! table in full before writing it.
//!
//! The directory is `$CUBIST_CACHE` when set, else the platform's cache directory
//! (`$XDG_CACHE_HOME/cubist` or `~/.cache/cubist` on Linux, `~/Library/Caches/cubist`
//! on macOS, `%LOCALAPPDATA%\cubist` on Windows). Files are written under a temporary
//! name and renamed into place, so a reader never sees a half-written table, and two
//! processes building the same table at once do no harm.

use crate::progress::Spinner;
use memmap2::Mmap;
use std::fs::{self, File};
use std::io::{self, IsTerminal, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The first bytes of every table file.
const MAGIC: &[u8; 8] = b"CUBISTTB";
/// Bytes before the payload.
pub const HEADER_LEN: usize = 64;
/// Longest table name stored in the header.
const NAME_LEN: usize = 32;

/// What a table is: its file name, the version of the code that computes it, and its
/// exact length in bytes. A file that disagrees on any of these is rebuilt.
#[derive(Clone, Copy, Debug)]
pub struct TableSpec<'a> {
    /// File stem, e.g. `twophase-flipslice-twist`; at most 32 bytes.
    pub name: &'a str,
    /// Bumped whenever the table's layout or content changes.
    pub version: u32,
    /// Payload length in bytes.
    pub len: usize,
}

impl TableSpec<'_> {
    /// Where the table lives inside `dir`.
    pub fn path_in(&self, dir: &Path) -> PathBuf {
        dir.join(format!("{}.v{}.tbl", self.name, self.version))
    }
}

/// Why a table file could not be used (the caller rebuilds it).
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Reading or writing failed.
    #[error("table file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        source: io::Error,
    },
    /// The header names another table, version or size.
    #[error("table file {path}: {what}")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What disagreed.
        what: String,
    },
    /// The payload does not match the checksum in the header.
    #[error("table file {path}: checksum mismatch (file is corrupt)")]
    Corrupt {
        /// The file.
        path: PathBuf,
    },
}

/// A table's bytes: mapped from its cache file, or held in memory when the cache could
/// not be written.
pub enum Table {
    /// Memory-mapped file; the payload starts at [`HEADER_LEN`].
    Mapped(Mmap),
    /// Computed in this process and kept in memory.
    Owned(Vec<u8>),
    /// Copied into this process's memory (see [`Table::resident`]).
    Resident(Mmap),
}

impl Table {
    /// The table copied into private memory backed by huge pages where the system
    /// offers them (Linux). Random look-ups into a table of tens of megabytes then
    /// miss the address-translation cache far less often, which makes searches that
    /// probe it at every node markedly faster. Falls back to `self` on failure.
    ///
    /// A mapped file is copied a slice at a time, each slice's pages let go of as soon
    /// as it is copied, so that the process never holds much more than one copy: a
    /// table of 1.5 GiB costs 1.5 GiB, not twice that while it is copied.
    pub fn resident(self) -> Table {
        if matches!(self, Table::Resident(_)) || self.is_empty() {
            return self;
        }
        let Table::Mapped(map) = &self else {
            return resident_bytes(&self).unwrap_or(self);
        };
        let Ok(mut copy) = memmap2::MmapMut::map_anon(self.len()) else {
            return self;
        };
        #[cfg(target_os = "linux")]
        let _ = copy.advise(memmap2::Advice::HugePage);
        let mut start = 0;
        while start < map.len() {
            let end = (start + RESIDENT_SLICE).min(map.len());
            let from = start.max(HEADER_LEN);
            copy[from - HEADER_LEN..end - HEADER_LEN].copy_from_slice(&map[from..end]);
            #[cfg(unix)]
            // SAFETY: the mapping is private and read-only, and these pages are not
            // read again before it is dropped; were they, they would be read back
            // from the file, unchanged.
            let _ = unsafe {
                map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
            };
            start = end;
        }
        copy.make_read_only().map_or(self, Table::Resident)
    }

    /// A copy of the table in private memory, as [`Table::resident`] makes.
    pub fn resident_copy(&self) -> Table {
        resident_bytes(self).unwrap_or_else(|| Table::Owned(self.to_vec()))
    }

    /// Whether the bytes are in this process's own memory (not a mapped file).
    pub fn is_resident(&self) -> bool {
        !matches!(self, Table::Mapped(_))
    }
}

/// Bytes of a mapped file [`Table::resident`] copies at a time (whole pages).
const RESIDENT_SLICE: usize = 32 << 20;

/// `src` copied into anonymous memory backed by huge pages where offered; `None` when
/// such memory cannot be had (or `src` is empty).
fn resident_bytes(src: &[u8]) -> Option<Table> {
    let mut copy = memmap2::MmapMut::map_anon(src.len()).ok()?;
    #[cfg(target_os = "linux")]
    let _ = copy.advise(memmap2::Advice::HugePage);
    copy.copy_from_slice(src);
    copy.make_read_only().ok().map(Table::Resident)
}

impl Deref for Table {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Table::Mapped(m) => &m[HEADER_LEN..],
            Table::Owned(v) => v,
            Table::Resident(m) => m,
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self {
            Table::Mapped(_) => "mapped",
            Table::Owned(_) => "owned",
            Table::Resident(_) => "resident",
        };
        write!(f, "Table({kind}, {} bytes)", self.len())
    }
}

/// The directory table files are kept in (see the module documentation).
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CUBIST_CACHE").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME").filter(|d| !d.is_empty());
    let platform = if cfg!(target_os = "windows") {
        std::env::var_os("LOCALAPPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| PathBuf::from(h).join("Library/Caches"))
    } else {
        std::env::var_os("XDG_CACHE_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| home.map(|h| PathBuf::from(h).join(".cache")))
    };
    platform.unwrap_or_else(std::env::temp_dir).join("cubist")
}

/// Tables up to this many bytes are checked in full on every read.
pub const FULL_CHECK_UP_TO: usize = 16 << 20;
/// Blocks of a larger table whose checksum is checked on every read.
const SAMPLE_BLOCKS: usize = 64;
/// Bytes in one sampled block.
const SAMPLE_BLOCK: usize = 4096;

/// The checksum of the blocks of `data` checked on every read (see the module
/// documentation), folded to 32 bits and never 0 (0 marks a header without one).
pub fn sample_checksum(data: &[u8]) -> u32 {
    let sum = if data.len() <= FULL_CHECK_UP_TO {
        checksum(data)
    } else {
        let last = data.len() - SAMPLE_BLOCK;
        let mut sample = Vec::with_capacity(SAMPLE_BLOCKS * SAMPLE_BLOCK);
        for b in 0..SAMPLE_BLOCKS {
            let at = last / (SAMPLE_BLOCKS - 1) * b;
            let at = if b == SAMPLE_BLOCKS - 1 { last } else { at };
            sample.extend_from_slice(&data[at..at + SAMPLE_BLOCK]);
        }
        checksum(&sample) ^ data.len() as u64
    };
    ((sum ^ (sum >> 32)) as u32) | 1
}

/// A 64-bit checksum of `data`. Each step is a bijection of the running state, so any
/// change confined to one 8-byte word (such as a flipped byte) always changes the sum.
pub fn checksum(data: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut lanes = [
        0x243F_6A88_85A3_08D3u64,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89,
    ];
    let mut chunks = data.chunks_exact(32);
    for chunk in &mut chunks {
        for (l, lane) in lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(chunk[l * 8..l * 8 + 8].try_into().unwrap());
            *lane = (*lane ^ w).wrapping_mul(K).rotate_left(31);
        }
    }
    let mut tail = chunks.remainder().to_vec();
    tail.resize(32, 0);
    for (l, lane) in lanes.iter_mut().enumerate() {
        let w = u64::from_le_bytes(tail[l * 8..l * 8 + 8].try_into().unwrap());
        *lane = (*lane ^ w).wrapping_mul(K).rotate_left(31);
    }
    let mut h = data.len() as u64;
    for lane in lanes {
        h = (h ^ lane).wrapping_mul(K).rotate_left(27);
    }
    h
}

/// The header of a table file: magic, version, sample checksum, length, checksum,
/// name.
fn header(spec: &TableSpec, sample: u32, sum: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&spec.version.to_le_bytes());
    h[12..16].copy_from_slice(&sample.to_le_bytes());
    h[16..24].copy_from_slice(&(spec.len as u64).to_le_bytes());
    h[24..32].copy_from_slice(&sum.to_le_bytes());
    let name = spec.name.as_bytes();
    let n = name.len().min(NAME_LEN);
    h[32..32 + n].copy_from_slice(&name[..n]);
    h
}

/// Map the table file at `path` and check it cheaply: its header, its size and the
/// checksum of a sample of its payload (see the module documentation). A file whose
/// header has no sample checksum (written before there was one) is checked in full
/// and, when sound, written again with one.
pub fn open(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
    let map = map_checked_header(path, spec)?;
    let stored = u32::from_le_bytes(map[12..16].try_into().unwrap());
    if stored == 0 {
        check_full(path, &map)?;
        // Best effort: the next read is then cheap.
        let _ = write(path, spec, &map[HEADER_LEN..]);
        return Ok(Table::Mapped(map));
    }
    if sample_checksum(&map[HEADER_LEN..]) != stored {
        return Err(TableError::Corrupt {
            path: path.to_path_buf(),
        });
    }
    Ok(Table::Mapped(map))
}

/// Check the table file at `path` in full: header, size, and the checksum of every
/// byte (which [`open`] samples).
pub fn verify(path: &Path, spec: &TableSpec) -> Result<(), TableError> {
    let map = map_checked_header(path, spec)?;
    check_full(path, &map)?;
    let stored = u32::from_le_bytes(map[12..16].try_into().unwrap());
    if stored != 0 && sample_checksum(&map[HEADER_LEN..]) != stored {
        return Err(TableError::Corrupt {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// [`verify`] for a table file named by its own header (for checking every file in
/// the cache without knowing what each holds): its name, version and length as the
/// header gives them.
pub fn verify_file(path: &Path) -> Result<(), TableError> {
    let mut head = [0u8; HEADER_LEN];
    File::open(path)
        .and_then(|mut f| io::Read::read_exact(&mut f, &mut head))
        .map_err(|source| TableError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    let name = &head[32..];
    let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN)];
    let (Some(name), true) = (std::str::from_utf8(name).ok(), &head[..8] == MAGIC) else {
        return Err(TableError::Mismatch {
            path: path.to_path_buf(),
            what: "not a table file".to_string(),
        });
    };
    let spec = TableSpec {
        name,
        version: u32::from_le_bytes(head[8..12].try_into().unwrap()),
        len: u64::from_le_bytes(head[16..24].try_into().unwrap()) as usize,
    };
    verify(path, &spec)
}

/// A new version of a table made from the file of an `earlier` version in `dir`
/// instead of built again (`convert` turns the earlier payload into the new one): the
/// earlier file is checked in full first, and removed once read, sound or not. `None`
/// when there is no such file or it fails its check.
pub fn take_earlier(
    dir: &Path,
    earlier: &TableSpec,
    convert: impl FnOnce(&[u8]) -> Vec<u8>,
) -> Option<Vec<u8>> {
    let path = earlier.path_in(dir);
    if !path.exists() {
        return None;
    }
    let made = verify(&path, earlier)
        .and_then(|()| open(&path, earlier))
        .ok()
        .map(|old| convert(&old));
    let _ = fs::remove_file(&path);
    made
}

/// Whether the payload of the mapped file matches the checksum in its header.
fn check_full(path: &Path, map: &Mmap) -> Result<(), TableError> {
    let sum = u64::from_le_bytes(map[24..32].try_into().unwrap());
    if checksum(&map[HEADER_LEN..]) != sum {
        return Err(TableError::Corrupt {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// Map the table file at `path` once its size and header (all but the checksums)
/// are those of `spec`.
fn map_checked_header(path: &Path, spec: &TableSpec) -> Result<Mmap, TableError> {
    let io_err = |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mismatch = |what: String| TableError::Mismatch {
        path: path.to_path_buf(),
        what,
    };
    let file = File::open(path).map_err(io_err)?;
    let size = file.metadata().map_err(io_err)?.len();
    if size != (HEADER_LEN + spec.len) as u64 {
        return Err(mismatch(format!(
            "{size} bytes, expected {}",
            HEADER_LEN + spec.len
        )));
    }
    // SAFETY: the file is only ever replaced by rename, never written in place, so the
    // mapped bytes do not change under us (a corrupted file is caught by the checksum).
    let map = unsafe { Mmap::map(&file) }.map_err(io_err)?;
    let sample = u32::from_le_bytes(map[12..16].try_into().unwrap());
    let sum = u64::from_le_bytes(map[24..32].try_into().unwrap());
    if map[..HEADER_LEN] != header(spec, sample, sum)[..] {
        return Err(mismatch(format!(
            "header is not that of {} version {}",
            spec.name, spec.version
        )));
    }
    Ok(map)
}

/// Write `data` as the table file at `path` (via a temporary file and a rename).
pub fn write(path: &Path, spec: &TableSpec, data: &[u8]) -> Result<(), TableError> {
    let io_err = |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io_err)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(&header(spec, sample_checksum(data), checksum(data)))?;
        f.write_all(data)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(io_err)
}

/// The table described by `spec`: mapped from the cache directory when a valid file is
/// there, otherwise computed by `build`, saved (when the directory is writable) and
/// returned. `build` must be deterministic and return exactly `spec.len` bytes.
pub fn load_or_build(spec: &TableSpec, build: impl FnOnce() -> Vec<u8>) -> Table {
    load_or_build_in(&cache_dir(), spec, build)
}

/// [`load_or_build`] with an explicit directory.
///
/// While one process builds a table it holds a lock file beside it naming its process
/// id; other processes wanting the same table wait for the file instead of building it
/// again, saying so on standard error, for at most [`MAX_WAIT`]. A lock whose holder is
/// gone, is not this program, or that was left empty is taken over. When the directory
/// cannot be used the table is built in memory, with one warning per process. Outside
/// a terminal (where a progress bar shows), a build says one line when it starts and
/// one when it ends, so that a piped run is not silent for minutes.
pub fn load_or_build_in(dir: &Path, spec: &TableSpec, build: impl FnOnce() -> Vec<u8>) -> Table {
    load_or_build_waiting(dir, spec, build, MAX_WAIT)
}

/// The longest a process waits for another to build a table before building it too
/// (both then write it under temporary names, so no harm is done).
pub const MAX_WAIT: Duration = Duration::from_secs(20 * 60);

/// A lock file left empty for this long is taken to be left over (its writer stores
/// its process id right after making it).
const EMPTY_LOCK: Duration = Duration::from_secs(2);

fn load_or_build_waiting(
    dir: &Path,
    spec: &TableSpec,
    build: impl FnOnce() -> Vec<u8>,
    max_wait: Duration,
) -> Table {
    let path = spec.path_in(dir);
    let lock = path.with_extension("lock");
    let mut first_failure = None;
    let mut waiting: Option<(Instant, Spinner)> = None;
    let mut own_lock = false;
    loop {
        match open(&path, spec) {
            Ok(table) => return table,
            Err(e) => {
                first_failure.get_or_insert(e);
            }
        }
        if let Err(e) = fs::create_dir_all(dir) {
            let why = match (fs::symlink_metadata(dir), fs::metadata(dir)) {
                (Ok(_), Err(_)) => "a broken link".to_string(),
                (Ok(_), Ok(m)) if !m.is_dir() => "not a directory".to_string(),
                _ => e.to_string(),
            };
            return in_memory(dir, &why, spec, build);
        }
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(mut f) => {
                let _ = write!(f, "{}", lock_text(std::process::id()));
                own_lock = true;
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match lock_holder(&lock) {
                None => {
                    let _ = fs::remove_file(&lock);
                }
                Some(pid) => {
                    let (since, _) = waiting.get_or_insert_with(|| {
                        let what = format!(
                            "table {}: waiting for process {pid}, which is building it",
                            spec.name
                        );
                        let spinner = Spinner::new(&what);
                        if !spinner.shows() {
                            note(&format!("{what} (at most {})", minutes(max_wait)));
                        }
                        (Instant::now(), spinner)
                    });
                    if since.elapsed() > max_wait {
                        note(&format!(
                            "table {}: process {pid} did not finish it in {}; building it here",
                            spec.name,
                            minutes(max_wait)
                        ));
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
            },
            Err(e) => return in_memory(dir, &e, spec, build),
        }
    }
    drop(waiting);
    let quiet = std::io::stderr().is_terminal();
    if !quiet {
        let why = match &first_failure {
            Some(TableError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                "first use".to_string()
            }
            Some(e) => format!("{e}"),
            None => "first use".to_string(),
        };
        note(&format!(
            "table {}: building it ({why}); this can take minutes",
            spec.name
        ));
    }
    let start = Instant::now();
    let data = checked(spec, build());
    let written = write(&path, spec, &data);
    if own_lock {
        let _ = fs::remove_file(&lock);
    }
    if !quiet {
        note(&format!(
            "table {}: built in {:.1} s",
            spec.name,
            start.elapsed().as_secs_f64()
        ));
    }
    match written {
        Ok(()) => {
            if let Ok(table) = open(&path, spec) {
                return table;
            }
        }
        Err(e) => warn_unusable(dir, &e),
    }
    Table::Owned(data)
}

/// `20 min`, or seconds when shorter than a minute.
fn minutes(d: Duration) -> String {
    if d.as_secs() >= 60 {
        format!("{} min", d.as_secs().div_ceil(60))
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// One line on standard error (nowhere to report it if that fails).
fn note(text: &str) {
    #[cfg(test)]
    tests::NOTES.with(|n| n.borrow_mut().push(text.to_string()));
    let _ = writeln!(io::stderr().lock(), "cubist: {text}");
}

/// Build the table in memory because `dir` cannot hold it, warning once per process.
fn in_memory(
    dir: &Path,
    err: &dyn std::fmt::Display,
    spec: &TableSpec,
    build: impl FnOnce() -> Vec<u8>,
) -> Table {
    warn_unusable(dir, err);
    Table::Owned(checked(spec, build()))
}

/// Whether [`warn_unusable`] has warned in this process.
static WARNED: AtomicBool = AtomicBool::new(false);

/// Say once per process that the cache directory cannot be used, so that the time
/// every run then spends building tables is not a mystery.
fn warn_unusable(dir: &Path, err: &dyn std::fmt::Display) {
    if !WARNED.swap(true, Ordering::Relaxed) {
        note(&format!(
            "cache {} is unusable ({err}); tables are built in memory on every run \
             (set CUBIST_CACHE to a writable directory)",
            dir.display()
        ));
    }
}

/// What a lock file holds: the process id and, where known, the process's start time
/// (so that a process id reused by another process is not taken for the holder).
fn lock_text(pid: u32) -> String {
    match start_time(pid) {
        Some(t) => format!("{pid} {t}"),
        None => pid.to_string(),
    }
}

/// The process id of a lock's live holder, or `None` when the lock can be taken over:
/// its holder is gone, or its process id now names another process (another start
/// time; for a lock without one, another program), or it was left empty. Without
/// `/proc` (not Linux) any holder counts as live for [`MAX_WAIT`].
fn lock_holder(lock: &Path) -> Option<u32> {
    let text = fs::read_to_string(lock).ok()?;
    let mut words = text.split_whitespace();
    let Some(pid) = words.next().and_then(|w| w.parse::<u32>().ok()) else {
        let age = fs::metadata(lock)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok());
        return match age {
            Some(age) if age < EMPTY_LOCK => Some(0),
            _ => None,
        };
    };
    if !cfg!(target_os = "linux") {
        return Some(pid);
    }
    let now = start_time(pid)?;
    let live = match words.next().and_then(|w| w.parse::<u64>().ok()) {
        Some(recorded) => recorded == now,
        None => is_this_program(pid),
    };
    live.then_some(pid)
}

/// When process `pid` started (clock ticks after boot, from `/proc/PID/stat`); `None`
/// when there is no such process or no `/proc`.
fn start_time(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) in parentheses; the start
    // time is field 22, the 20th after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Whether process `pid` is running this same program (its command name is ours).
fn is_this_program(pid: u32) -> bool {
    let comm = |p: &str| fs::read_to_string(format!("/proc/{p}/comm")).ok();
    match (comm(&pid.to_string()), comm("self")) {
        (Some(theirs), Some(ours)) => theirs == ours,
        _ => false,
    }
}

fn checked(spec: &TableSpec, data: Vec<u8>) -> Vec<u8> {
    assert_eq!(
        data.len(),
        spec.len,
        "table {} has the wrong size",
        spec.name
    );
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::{Cell, RefCell};

    thread_local! {
        /// The notes this thread has written to standard error.
        pub(super) static NOTES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    /// The notes written on this thread since the last call.
    fn notes() -> Vec<String> {
        NOTES.with(|n| n.take())
    }

    /// Whether build notes are written here (not on a terminal, where a bar shows).
    fn notes_expected() -> bool {
        !std::io::stderr().is_terminal()
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cubist-cache-test-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn data() -> Vec<u8> {
        (0..10_001u32).map(|i| (i * 7 % 251) as u8).collect()
    }

    /// The small table every test builds.
    fn demo_spec() -> TableSpec<'static> {
        TableSpec {
            name: "demo",
            version: 1,
            len: 10_001,
        }
    }

    /// An earlier version's sound file is converted and removed; a corrupt one is
    /// removed and not used.
    #[test]
    fn an_earlier_version_is_converted_once() {
        let dir = temp_dir("earlier");
        fs::create_dir_all(&dir).unwrap();
        let old = demo_spec();
        let halve = |d: &[u8]| d.iter().map(|b| b / 2).collect::<Vec<u8>>();
        assert_eq!(take_earlier(&dir, &old, halve), None);
        write(&old.path_in(&dir), &old, &data()).unwrap();
        assert_eq!(take_earlier(&dir, &old, halve), Some(halve(&data())));
        assert!(!old.path_in(&dir).exists());
        write(&old.path_in(&dir), &old, &data()).unwrap();
        let mut bytes = fs::read(old.path_in(&dir)).unwrap();
        bytes[HEADER_LEN + 5_000] ^= 1;
        fs::write(old.path_in(&dir), &bytes).unwrap();
        assert_eq!(take_earlier(&dir, &old, halve), None);
        assert!(!old.path_in(&dir).exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn builds_once_then_maps() {
        let dir = temp_dir("once");
        let spec = TableSpec {
            name: "demo",
            version: 3,
            len: 10_001,
        };
        let builds = Cell::new(0);
        let build = || {
            builds.set(builds.get() + 1);
            data()
        };
        let a = load_or_build_in(&dir, &spec, build);
        assert!(matches!(a, Table::Mapped(_)));
        assert_eq!(&a[..], &data()[..]);
        let b = load_or_build_in(&dir, &spec, build);
        assert!(matches!(b, Table::Mapped(_)));
        assert_eq!(&b[..], &data()[..]);
        let r = b.resident();
        assert_eq!(&r[..], &data()[..]);
        assert_eq!(builds.get(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A table of several slices is copied whole, each byte in its place.
    #[test]
    fn a_large_mapped_table_is_copied_exactly() {
        let dir = temp_dir("resident");
        let len = 2 * RESIDENT_SLICE + 4099;
        let spec = TableSpec {
            name: "large",
            version: 1,
            len,
        };
        let bytes = |i: usize| (i * 31 % 253) as u8;
        let mapped = load_or_build_in(&dir, &spec, || (0..len).map(bytes).collect());
        assert!(matches!(mapped, Table::Mapped(_)));
        let r = mapped.resident();
        assert!(matches!(r, Table::Resident(_)));
        assert_eq!(r.len(), len);
        assert!(r.iter().enumerate().all(|(i, &b)| b == bytes(i)));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn flipped_byte_is_detected_and_rebuilt() {
        let dir = temp_dir("flip");
        let spec = demo_spec();
        drop(load_or_build_in(&dir, &spec, data));
        let path = spec.path_in(&dir);
        let mut bytes = fs::read(&path).unwrap();
        bytes[HEADER_LEN + 5000] ^= 0x10;
        fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            open(&path, &spec),
            Err(TableError::Corrupt { .. })
        ));
        let builds = Cell::new(0);
        notes();
        let t = load_or_build_in(&dir, &spec, || {
            builds.set(builds.get() + 1);
            data()
        });
        assert_eq!(builds.get(), 1);
        assert_eq!(&t[..], &data()[..]);
        assert!(open(&path, &spec).is_ok());
        assert!(verify_file(&path).is_ok());
        if notes_expected() {
            // A rebuild in a pipe says why when it starts, and when it ends.
            let notes = notes();
            assert_eq!(notes.len(), 2, "{notes:?}");
            assert!(notes[0].contains("building it") && notes[0].contains("checksum"));
            assert!(notes[1].contains("built in"), "{notes:?}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn other_version_or_size_is_rebuilt() {
        let dir = temp_dir("version");
        let spec = demo_spec();
        drop(load_or_build_in(&dir, &spec, data));
        // Same file name, other size: a truncated file.
        let path = spec.path_in(&dir);
        let bytes = fs::read(&path).unwrap();
        fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(matches!(
            open(&path, &spec),
            Err(TableError::Mismatch { .. })
        ));
        let t = load_or_build_in(&dir, &spec, data);
        assert_eq!(&t[..], &data()[..]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn lock_of_a_finished_process_is_ignored() {
        let dir = temp_dir("lock");
        let spec = demo_spec();
        fs::create_dir_all(&dir).unwrap();
        // No process has this id (above the Linux maximum).
        fs::write(spec.path_in(&dir).with_extension("lock"), "4294967295").unwrap();
        if cfg!(target_os = "linux") {
            let t = load_or_build_in(&dir, &spec, data);
            assert_eq!(&t[..], &data()[..]);
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// Runs `load_or_build_waiting` with a lock holding `contents`, aged `age`, and
    /// says how long it took (it must not wait for a lock it can take over).
    fn with_lock(tag: &str, contents: &str, age: Duration, max_wait: Duration) -> Duration {
        let dir = temp_dir(tag);
        let spec = demo_spec();
        fs::create_dir_all(&dir).unwrap();
        let lock = spec.path_in(&dir).with_extension("lock");
        fs::write(&lock, contents).unwrap();
        let f = File::options().write(true).open(&lock).unwrap();
        f.set_modified(std::time::SystemTime::now() - age).unwrap();
        let start = Instant::now();
        let t = load_or_build_waiting(&dir, &spec, data, max_wait);
        let took = start.elapsed();
        assert_eq!(&t[..], &data()[..]);
        let _ = fs::remove_dir_all(&dir);
        took
    }

    #[test]
    fn lock_of_another_program_or_left_empty_is_taken_over() {
        if !cfg!(target_os = "linux") {
            return;
        }
        // Process 1 is alive but is not this program, or started at another time
        // than the lock says.
        let took = with_lock("pid1", "1", Duration::ZERO, MAX_WAIT);
        assert!(took < Duration::from_secs(5), "{took:?}");
        let took = with_lock("pid1-start", "1 123456789", Duration::ZERO, MAX_WAIT);
        assert!(took < Duration::from_secs(5), "{took:?}");
        let took = with_lock("empty", "", Duration::from_secs(60), MAX_WAIT);
        assert!(took < Duration::from_secs(5), "{took:?}");
    }

    #[test]
    fn a_lock_records_its_holder_and_when_it_started() {
        if !cfg!(target_os = "linux") {
            return;
        }
        let dir = temp_dir("record");
        fs::create_dir_all(&dir).unwrap();
        let lock = dir.join("x.lock");
        let own = std::process::id();
        fs::write(&lock, lock_text(own)).unwrap();
        assert_eq!(lock_holder(&lock), Some(own));
        assert_eq!(fs::read_to_string(&lock).unwrap().split(' ').count(), 2);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn waiting_for_a_live_holder_is_bounded() {
        // This very process holds the lock and never finishes: the wait gives up.
        let own = lock_text(std::process::id());
        notes();
        let took = with_lock("bounded", &own, Duration::ZERO, Duration::from_millis(300));
        assert!(took >= Duration::from_millis(300), "{took:?}");
        assert!(took < Duration::from_secs(5), "{took:?}");
        let notes = notes();
        assert!(
            notes.iter().any(|n| n.contains("did not finish it")),
            "{notes:?}"
        );
    }

    #[test]
    fn a_waiter_takes_the_table_its_holder_writes() {
        let dir = temp_dir("handover");
        let spec = demo_spec();
        fs::create_dir_all(&dir).unwrap();
        let lock = spec.path_in(&dir).with_extension("lock");
        fs::write(&lock, lock_text(std::process::id())).unwrap();
        let holder = {
            let (dir, lock) = (dir.clone(), lock.clone());
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                write(&demo_spec().path_in(&dir), &demo_spec(), &data()).unwrap();
                fs::remove_file(lock).unwrap();
            })
        };
        let builds = Cell::new(0);
        notes();
        let t = load_or_build_in(&dir, &spec, || {
            builds.set(builds.get() + 1);
            data()
        });
        holder.join().unwrap();
        assert_eq!(builds.get(), 0);
        let notes = notes();
        let waiting = notes.iter().any(|n| n.contains("waiting for process"));
        assert!(waiting || !notes_expected(), "{notes:?}");
        assert!(matches!(t, Table::Mapped(_)));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unusable_directory_builds_in_memory() {
        let dir = temp_dir("file");
        fs::create_dir_all(dir.parent().unwrap()).unwrap();
        fs::write(&dir, "not a directory").unwrap();
        let t = load_or_build_in(&dir, &demo_spec(), data);
        assert!(matches!(t, Table::Owned(_)));
        assert_eq!(&t[..], &data()[..]);
        let _ = fs::remove_file(&dir);
        let t = load_or_build_in(Path::new("/dev/null"), &demo_spec(), data);
        assert!(matches!(t, Table::Owned(_)));
        // One warning per process, however many tables are built in memory.
        assert!(WARNED.load(Ordering::Relaxed));
        let warnings = notes().iter().filter(|n| n.contains("unusable")).count();
        assert!(warnings <= 1, "{warnings}");
    }

    /// A table larger than [`FULL_CHECK_UP_TO`], checked by sample on reading.
    fn large_spec() -> TableSpec<'static> {
        TableSpec {
            name: "large-demo",
            version: 1,
            len: FULL_CHECK_UP_TO + 12_345,
        }
    }

    fn large_data() -> Vec<u8> {
        (0..large_spec().len as u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect()
    }

    /// Writes the large table in `dir`, changes its file with `spoil`, and says what
    /// reading it and verifying it then find.
    fn spoiled_large(tag: &str, spoil: impl FnOnce(&mut Vec<u8>)) -> (PathBuf, PathBuf) {
        let dir = temp_dir(tag);
        let spec = large_spec();
        drop(load_or_build_in(&dir, &spec, large_data));
        let path = spec.path_in(&dir);
        let mut bytes = fs::read(&path).unwrap();
        spoil(&mut bytes);
        fs::write(&path, &bytes).unwrap();
        (dir, path)
    }

    #[test]
    fn a_large_table_truncated_or_with_another_header_is_rebuilt() {
        let spec = large_spec();
        type Spoil = fn(&mut Vec<u8>);
        let spoils: [(&str, Spoil); 4] = [
            ("truncated", |b| b.truncate(b.len() - 4096)),
            ("extended", |b| b.extend_from_slice(&[0; 16])),
            ("version", |b| b[8] ^= 1),
            ("name", |b| b[40] ^= 0x20),
        ];
        for (tag, spoil) in spoils {
            let (dir, path) = spoiled_large(tag, spoil);
            assert!(
                matches!(open(&path, &spec), Err(TableError::Mismatch { .. })),
                "{tag}"
            );
            assert!(verify(&path, &spec).is_err(), "{tag}");
            let builds = Cell::new(0);
            let t = load_or_build_in(&dir, &spec, || {
                builds.set(builds.get() + 1);
                large_data()
            });
            assert_eq!(builds.get(), 1, "{tag}");
            assert!(t[..] == large_data()[..], "{tag}");
            assert!(verify(&path, &spec).is_ok(), "{tag}");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_change_in_a_sampled_block_is_caught_on_reading() {
        let spec = large_spec();
        // The first and the last blocks are always sampled.
        for (tag, at) in [("first", 100), ("last", spec.len - 1)] {
            let (dir, path) = spoiled_large(tag, |b| b[HEADER_LEN + at] ^= 0x08);
            assert!(
                matches!(open(&path, &spec), Err(TableError::Corrupt { .. })),
                "{tag}"
            );
            let t = load_or_build_in(&dir, &spec, large_data);
            assert!(t[..] == large_data()[..], "{tag}");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_change_between_sampled_blocks_is_caught_only_by_verify() {
        let spec = large_spec();
        // Just past the first sampled block: read cheaply, the change goes unseen.
        let at = SAMPLE_BLOCK + 10;
        let (dir, path) = spoiled_large("between", |b| b[HEADER_LEN + at] ^= 0x08);
        assert!(open(&path, &spec).is_ok());
        assert!(matches!(
            verify(&path, &spec),
            Err(TableError::Corrupt { .. })
        ));
        assert!(matches!(
            verify_file(&path),
            Err(TableError::Corrupt { .. })
        ));
        fs::write(&path, b"CUBISTTB, but short").unwrap();
        assert!(verify_file(&path).is_err());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_header_without_a_sample_checksum_is_checked_in_full_and_upgraded() {
        let spec = large_spec();
        // Written before there was a sample checksum, sound.
        let (dir, path) = spoiled_large("old", |b| b[12..16].fill(0));
        assert!(open(&path, &spec).is_ok());
        let bytes = fs::read(&path).unwrap();
        assert_ne!(
            &bytes[12..16],
            &[0; 4],
            "written again with a sample checksum"
        );
        assert!(verify(&path, &spec).is_ok());
        let _ = fs::remove_dir_all(&dir);
        // The same, with a change no sample would see: the full check catches it.
        let (dir, path) = spoiled_large("old-spoiled", |b| {
            b[12..16].fill(0);
            b[HEADER_LEN + SAMPLE_BLOCK + 10] ^= 0x08;
        });
        assert!(matches!(
            open(&path, &spec),
            Err(TableError::Corrupt { .. })
        ));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn checksum_sees_every_single_byte_change() {
        let d = data();
        let base = checksum(&d);
        for i in (0..d.len()).step_by(97) {
            let mut e = d.clone();
            e[i] ^= 1;
            assert_ne!(checksum(&e), base, "byte {i}");
        }
        assert_ne!(checksum(&d[..d.len() - 1]), base);
    }
}
