//! Documents drawn by the server: the resume PDF.

pub mod resume_pdf;
