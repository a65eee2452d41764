//! Table files in the cache directory: a fixed header (magic, version, name, length,
//! checksum) followed by the table's bytes, memory-mapped when read back.
//!
//! The directory is `$CUBIST_CACHE` when set, else the platform's cache directory
//! (`$XDG_CACHE_HOME/cubist` or `~/.cache/cubist` on Linux, `~/Library/Caches/cubist`
//! on macOS, `%LOCALAPPDATA%\cubist` on Windows). Files are written under a temporary
//! name and renamed into place, so a reader never sees a half-written table, and two
//! processes building the same table at once do no harm.

use memmap2::Mmap;
use std::fs::{self, File};
use std::io::{self, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};

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
    pub fn resident(self) -> Table {
        if matches!(self, Table::Resident(_)) || self.is_empty() {
            return self;
        }
        let Ok(mut copy) = memmap2::MmapMut::map_anon(self.len()) else {
            return self;
        };
        #[cfg(target_os = "linux")]
        let _ = copy.advise(memmap2::Advice::HugePage);
        copy.copy_from_slice(&self);
        match copy.make_read_only() {
            Ok(m) => Table::Resident(m),
            Err(_) => self,
        }
    }
}

impl Deref for Table {
    type Target = [u8];
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

fn header(spec: &TableSpec, sum: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&spec.version.to_le_bytes());
    h[16..24].copy_from_slice(&(spec.len as u64).to_le_bytes());
    h[24..32].copy_from_slice(&sum.to_le_bytes());
    let name = spec.name.as_bytes();
    let n = name.len().min(NAME_LEN);
    h[32..32 + n].copy_from_slice(&name[..n]);
    h
}

/// Map the table file at `path` and check its header and checksum.
pub fn open(path: &Path, spec: &TableSpec) -> Result<Table, TableError> {
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
    let sum = u64::from_le_bytes(map[24..32].try_into().unwrap());
    let expected = header(spec, sum);
    if map[..HEADER_LEN] != expected[..] {
        return Err(mismatch(format!(
            "header is not that of {} version {}",
            spec.name, spec.version
        )));
    }
    if checksum(&map[HEADER_LEN..]) != sum {
        return Err(TableError::Corrupt {
            path: path.to_path_buf(),
        });
    }
    Ok(Table::Mapped(map))
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
        f.write_all(&header(spec, checksum(data)))?;
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
/// While one process builds a table it holds a lock file beside it; other processes
/// wanting the same table wait for the file instead of building it again (a lock
/// older than [`STALE_LOCK`] is taken to be left over from a crash).
pub fn load_or_build_in(dir: &Path, spec: &TableSpec, build: impl FnOnce() -> Vec<u8>) -> Table {
    let path = spec.path_in(dir);
    let lock = path.with_extension("lock");
    loop {
        if let Ok(table) = open(&path, spec) {
            return table;
        }
        let _ = fs::create_dir_all(dir);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(mut f) => {
                let _ = write!(f, "{}", std::process::id());
                break;
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                if lock_is_stale(&lock) {
                    let _ = fs::remove_file(&lock);
                } else {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
            }
            // The directory is not writable: build in memory.
            Err(_) => return Table::Owned(checked(spec, build())),
        }
    }
    let data = checked(spec, build());
    let written = write(&path, spec, &data);
    let _ = fs::remove_file(&lock);
    if written.is_ok() {
        if let Ok(table) = open(&path, spec) {
            return table;
        }
    }
    Table::Owned(data)
}

/// Whether a lock file was left by a process that is gone (checked on Linux) or is
/// older than [`STALE_LOCK`].
fn lock_is_stale(lock: &Path) -> bool {
    if cfg!(target_os = "linux") {
        if let Ok(pid) = fs::read_to_string(lock) {
            if let Ok(pid) = pid.trim().parse::<u32>() {
                if !Path::new(&format!("/proc/{pid}")).exists() {
                    return true;
                }
            }
        }
    }
    fs::metadata(lock)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > STALE_LOCK)
}

/// How old a lock file must be before it is ignored: far longer than the longest build
/// (the optimal solver's large table takes minutes), so a younger lock is a live build.
pub const STALE_LOCK: std::time::Duration = std::time::Duration::from_secs(30 * 60);

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
    use std::cell::Cell;

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
        let t = load_or_build_in(&dir, &spec, || {
            builds.set(builds.get() + 1);
            data()
        });
        assert_eq!(builds.get(), 1);
        assert_eq!(&t[..], &data()[..]);
        assert!(open(&path, &spec).is_ok());
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
