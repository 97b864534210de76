//! What every Agora site shares.
