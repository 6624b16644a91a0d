//! The allocator's tuning: glibc keeps what its arenas once held, so memory a burst of load
//! freed stays counted against the server until it is handed back.

use std::time::Duration;

/// glibc gives each thread that allocates at once an arena of its own, up to eight per core, and
/// keeps what each arena once held: under load the workers, the blocking pool and the search
/// threads left about 20 MB more heap than two shared arenas do, at no measurable cost in speed
/// (docs/BENCHMARKS.md). A fixed mmap threshold keeps big buffers (the index build's) out of the
/// arenas, so freeing them returns them to the system.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets the allocator's tuning parameters; called before the server's threads start.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// Hands the free pages inside the arenas back to the system. glibc only gives back the top of
/// the main arena by itself, so after a burst of concurrent searches the server went on holding
/// the burst's peak (docs/BENCHMARKS.md).
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own heaps to the kernel.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Runs on each server of a cluster: the memory is this process's own (domain/background.rs).
/// Starts the thread that hands freed memory back every `every` (MEMORY_TRIM_SECS; zero: no
/// thread). Runs with and without it gave the same latencies within this machine's noise
/// (docs/BENCHMARKS.md).
pub fn spawn_trimmer(every: Duration) {
    if every.is_zero() {
        return;
    }
    let spawned = std::thread::Builder::new().name("malloc-trim".into()).spawn(move || loop {
        std::thread::sleep(every);
        release_freed();
    });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "memory trim thread did not start");
    }
}
