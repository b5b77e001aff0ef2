//! Bit-board work built twice: for every x86-64 processor, and for those
//! with the bit-counting instructions (POPCNT, LZCNT, BMI1 and BMI2, all
//! in x86-64-v3), chosen when it runs. The default target counts a
//! word's bits in a dozen steps and finds its lowest bit with a test for
//! zero; a grid game's listing of options does both for every part of
//! every option, and the release binaries must run on any x86-64, so
//! the listing is compiled again for the newer instructions and the
//! processor picks. Everything the listing calls must be inlined into
//! it (`#[inline(always)]`): a function compiled on its own is built for
//! the default target only.

/// Whether the processor has the bit-counting instructions (never on
/// other architectures than x86-64): a test that compares the two builds
/// compares something only where this holds.
#[inline(always)]
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// `f()`, run as built for the bit-counting instructions when the
/// processor has them. `f` must be `#[inline(always)]` all the way down
/// for the instructions to reach its work.
#[inline(always)]
pub fn run<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if available() {
        // SAFETY: the processor was just seen to have every instruction
        // the build of `counted` may use.
        return unsafe { counted(f) };
    }
    f()
}

/// `f()` built for the bit-counting instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
unsafe fn counted<R>(f: impl FnOnce() -> R) -> R {
    f()
}
