//! diesel's view of schema.sql (kept by hand; the SQL file is the source).

diesel::table! {
    users (id) {
        id -> BigInt,
        mobile -> Text,
        name -> Text,
        email -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        disabled -> Bool,
        created_at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        user_id -> BigInt,
        created_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        user_agent -> Text,
        ip -> Text,
    }
}

diesel::table! {
    companies (id) {
        id -> BigInt,
        name -> Text,
        short_name -> Text,
        industry -> Text,
        company_type -> Text,
        company_size -> Text,
        city -> Text,
        address -> Text,
        intro -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    jobs (id) {
        id -> BigInt,
        company_id -> BigInt,
        title -> Text,
        city -> Text,
        category -> Text,
        industry -> Text,
        salary_min -> Integer,
        salary_max -> Integer,
        experience -> Text,
        education -> Text,
        description -> Text,
        tags -> Text,
        closed -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    resumes (id) {
        id -> BigInt,
        user_id -> BigInt,
        resume_type -> Integer,
        title -> Text,
        filled -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(jobs -> companies (company_id));
diesel::joinable!(resumes -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, sessions, companies, jobs, resumes);
