//! Values made once for each key (a cube's size, an axis, …) and kept for the whole
//! run: geometries, move lists, tables. The lock is held while a value is made, so
//! that two threads asking for it at once make it once.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};

/// Where the values of one kind are kept, each made once for its key.
pub(crate) type MadeOnce<K, V> = OnceLock<Mutex<HashMap<K, &'static V>>>;

/// The value `cell` keeps for `key`, made by `make` the first time it is asked for.
pub(crate) fn made_once<K: Eq + Hash, V: ?Sized>(
    cell: &'static MadeOnce<K, V>,
    key: K,
    make: impl FnOnce() -> &'static V,
) -> &'static V {
    let mut all = cell
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    all.entry(key).or_insert_with(make)
}
