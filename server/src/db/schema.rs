//! diesel's view of schema.sql (kept by hand; the SQL file is the source).

diesel::table! {
    users (id) {
        id -> BigInt,
        mobile -> Nullable<Text>,
        name -> Text,
        email -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        disabled -> Bool,
        wx_openid -> Nullable<Text>,
        wx_nickname -> Nullable<Text>,
        update_tip_dismissed_at -> Nullable<BigInt>,
        created_at -> BigInt,
        chat_notice -> Bool,
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
        name_key -> Text,
        brand_key -> Text,
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
        keywords -> Text,
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
        basic -> Nullable<Text>,
        assessment -> Nullable<Text>,
        intention -> Nullable<Text>,
        skills_text -> Nullable<Text>,
        pasted -> Nullable<Text>,
        name -> Text,
        city -> Text,
        education -> Text,
        work_since -> Text,
        current_industry -> Text,
        current_category -> Text,
        current_salary -> Nullable<BigInt>,
        target_city -> Text,
        target_industry -> Text,
        target_category -> Text,
        target_salary -> Nullable<BigInt>,
        keywords -> Text,
    }
}

diesel::table! {
    resume_entries (id) {
        id -> BigInt,
        resume_id -> BigInt,
        section -> Text,
        position -> Integer,
        data -> Text,
        industry -> Text,
        category -> Text,
        education -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    resume_files (id) {
        id -> BigInt,
        resume_id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        name -> Text,
        original_name -> Text,
        stored_name -> Text,
        thumb_name -> Nullable<Text>,
        content_type -> Text,
        size -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    user_tags (user_id, tag) {
        user_id -> BigInt,
        tag -> Text,
        position -> Integer,
        created_at -> BigInt,
    }
}

diesel::table! {
    black_words (word) {
        word -> Text,
        category -> Text,
    }
}

diesel::table! {
    applications (id) {
        id -> BigInt,
        user_id -> BigInt,
        job_id -> BigInt,
        resume_id -> BigInt,
        status -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    application_resumes (application_id) {
        application_id -> BigInt,
        resume -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    saved_jobs (user_id, job_id) {
        user_id -> BigInt,
        job_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    shields (resume_id, company_id) {
        user_id -> BigInt,
        resume_id -> BigInt,
        company_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    orders (id) {
        id -> BigInt,
        order_no -> Text,
        user_id -> BigInt,
        service_code -> Text,
        amount_fen -> BigInt,
        status -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        paid_at -> Nullable<BigInt>,
        effective_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    sms_codes (id) {
        id -> BigInt,
        mobile -> Text,
        scene -> Text,
        code_hash -> Text,
        ip -> Text,
        attempts -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        consumed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    wx_scenes (scene) {
        scene -> Text,
        user_id -> BigInt,
        status -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    partner_accounts (platform_id, partner_user_id) {
        platform_id -> Text,
        partner_user_id -> Text,
        user_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    company_members (id) {
        id -> BigInt,
        company_id -> BigInt,
        mobile -> Text,
        name -> Text,
        password_hash -> Text,
        role -> Text,
        disabled -> Bool,
        created_at -> BigInt,
        title -> Text,
        active_at -> BigInt,
        show_active -> Bool,
        chat_notice -> Bool,
    }
}

diesel::table! {
    company_sessions (id) {
        id -> BigInt,
        member_id -> BigInt,
        created_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    job_postings (job_id) {
        job_id -> BigInt,
        company_id -> BigInt,
        district -> Text,
        salary_months -> Integer,
        headcount -> Integer,
        contact -> Text,
        published_at -> Nullable<BigInt>,
        refreshed_at -> Nullable<BigInt>,
        refresh_day -> Text,
        refresh_count -> Integer,
        member_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    pipeline_stages (id) {
        id -> BigInt,
        company_id -> BigInt,
        name -> Text,
        position -> Integer,
        status -> Integer,
        created_at -> BigInt,
    }
}

diesel::table! {
    application_stages (application_id) {
        application_id -> BigInt,
        company_id -> BigInt,
        job_id -> BigInt,
        stage_id -> BigInt,
        stage_at -> BigInt,
        viewed_at -> Nullable<BigInt>,
        applied_at -> BigInt,
    }
}

diesel::table! {
    pipeline_counts (company_id, stage_id, job_id) {
        company_id -> BigInt,
        stage_id -> BigInt,
        job_id -> BigInt,
        n -> BigInt,
    }
}

diesel::table! {
    application_moves (id) {
        id -> BigInt,
        application_id -> BigInt,
        from_stage -> Nullable<BigInt>,
        to_stage -> BigInt,
        member_id -> BigInt,
        at -> BigInt,
    }
}

diesel::table! {
    application_notes (id) {
        id -> BigInt,
        application_id -> BigInt,
        company_id -> BigInt,
        member_id -> BigInt,
        text -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    company_profiles (company_id) {
        company_id -> BigInt,
        video_url -> Text,
        video_title -> Text,
    }
}

diesel::table! {
    company_files (id) {
        id -> BigInt,
        company_id -> BigInt,
        kind -> Text,
        stored_name -> Text,
        size -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    admins (id) {
        id -> BigInt,
        username -> Text,
        password_hash -> Text,
        role -> Text,
        totp_secret -> Text,
        totp_enrolled -> Bool,
        disabled -> Bool,
        created_at -> BigInt,
    }
}

diesel::table! {
    admin_sessions (id) {
        id -> BigInt,
        admin_id -> BigInt,
        created_at -> BigInt,
        last_seen_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        admin_id -> Nullable<BigInt>,
        admin_name -> Text,
        action -> Text,
        target -> Text,
        before_value -> Nullable<Text>,
        after_value -> Nullable<Text>,
        reason -> Text,
        ip -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    account_disables (kind, account_id) {
        kind -> Text,
        account_id -> BigInt,
        reason -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    company_disables (company_id) {
        company_id -> BigInt,
        reason -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    company_reviews (company_id) {
        company_id -> BigInt,
        status -> Text,
        reason -> Text,
        note -> Text,
        reviewed_by -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    job_moderation (job_id) {
        job_id -> BigInt,
        status -> Text,
        reason -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    job_reports (id) {
        id -> BigInt,
        job_id -> BigInt,
        user_id -> BigInt,
        reason -> Text,
        detail -> Text,
        created_at -> BigInt,
        handled_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    resume_openness (resume_id) {
        resume_id -> BigInt,
        openness -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    behaviour_events (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        finger -> Text,
        kind -> Text,
        job_id -> Nullable<BigInt>,
        category -> Text,
        city -> Text,
        keyword -> Text,
        filters -> Text,
        at -> BigInt,
    }
}

diesel::table! {
    job_event_days (day, job_id, kind) {
        day -> Text,
        job_id -> BigInt,
        kind -> Text,
        count -> BigInt,
    }
}

diesel::table! {
    notice_templates (id) {
        id -> BigInt,
        company_id -> BigInt,
        name -> Text,
        kind -> Text,
        mail_subject -> Text,
        mail_content -> Text,
        sms_content -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    notices (id) {
        id -> BigInt,
        company_id -> BigInt,
        event_key -> Text,
        recipient -> Text,
        channel -> Text,
        subject -> Text,
        body -> Text,
        attachment_name -> Nullable<Text>,
        attachment_type -> Nullable<Text>,
        attachment -> Nullable<Text>,
        state -> Text,
        attempts -> Integer,
        due_at -> BigInt,
        lease_until -> Nullable<BigInt>,
        last_error -> Nullable<Text>,
        sent_at -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    interviewer_profiles (member_id) {
        member_id -> BigInt,
        company_id -> BigInt,
        email -> Text,
        mobile -> Text,
        invite_hash -> Text,
        invited_at -> BigInt,
    }
}

diesel::table! {
    interviews (id) {
        id -> BigInt,
        company_id -> BigInt,
        application_id -> BigInt,
        job_id -> BigInt,
        user_id -> BigInt,
        start_at -> BigInt,
        end_at -> BigInt,
        contact -> Text,
        contact_phone -> Text,
        address -> Text,
        notes -> Text,
        template_id -> Nullable<BigInt>,
        state -> Text,
        answer -> Text,
        answered_at -> Nullable<BigInt>,
        version -> Integer,
        cancel_reason -> Text,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    interview_interviewers (interview_id, member_id) {
        interview_id -> BigInt,
        member_id -> BigInt,
    }
}

diesel::table! {
    interview_feedback (interview_id, member_id) {
        interview_id -> BigInt,
        member_id -> BigInt,
        scores -> Text,
        comment -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    assessments (id) {
        id -> BigInt,
        company_id -> BigInt,
        name -> Text,
        questions -> Text,
        time_limit -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    assessment_sends (id) {
        id -> BigInt,
        assessment_id -> BigInt,
        application_id -> BigInt,
        company_id -> BigInt,
        user_id -> BigInt,
        stage_id -> BigInt,
        name -> Text,
        questions -> Text,
        time_limit -> Integer,
        max_score -> Integer,
        sent_at -> BigInt,
        started_at -> Nullable<BigInt>,
        deadline_at -> Nullable<BigInt>,
        submitted_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    assessment_answers (send_id, question) {
        send_id -> BigInt,
        question -> Integer,
        answer -> Text,
        score -> Nullable<Integer>,
        saved_at -> BigInt,
    }
}

diesel::table! {
    application_sources (application_id) {
        application_id -> BigInt,
        source -> Text,
    }
}

diesel::table! {
    company_trials (company_id) {
        company_id -> BigInt,
        contact -> Text,
        note -> Text,
        status -> Text,
        reason -> Text,
        reviewed_by -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
        ends_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    company_quota_uses (company_id, month, kind) {
        company_id -> BigInt,
        month -> Text,
        kind -> Text,
        used -> BigInt,
    }
}

diesel::table! {
    company_quota_seen (company_id, month, kind, target) {
        company_id -> BigInt,
        month -> Text,
        kind -> Text,
        target -> BigInt,
    }
}

diesel::joinable!(assessment_sends -> applications (application_id));
diesel::table! {
    company_orders (id) {
        id -> BigInt,
        order_no -> Text,
        company_id -> BigInt,
        member_id -> BigInt,
        plan_code -> Text,
        amount_fen -> BigInt,
        status -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        paid_at -> Nullable<BigInt>,
        effective_from -> Nullable<BigInt>,
        effective_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    order_refunds (id) {
        id -> BigInt,
        order_no -> Text,
        refund_no -> Text,
        amount_fen -> BigInt,
        reason -> Text,
        admin_name -> Text,
        status -> Text,
        created_at -> BigInt,
        done_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(company_orders -> companies (company_id));
diesel::joinable!(company_trials -> companies (company_id));
diesel::joinable!(assessment_answers -> assessment_sends (send_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(interview_interviewers -> interviews (interview_id));
diesel::joinable!(interview_interviewers -> company_members (member_id));
diesel::joinable!(interviewer_profiles -> company_members (member_id));
diesel::joinable!(interview_feedback -> company_members (member_id));
diesel::joinable!(application_resumes -> applications (application_id));
diesel::joinable!(applications -> jobs (job_id));
diesel::joinable!(applications -> resumes (resume_id));
diesel::joinable!(saved_jobs -> jobs (job_id));
diesel::joinable!(shields -> companies (company_id));
diesel::joinable!(shields -> resumes (resume_id));
diesel::joinable!(jobs -> companies (company_id));
diesel::joinable!(resumes -> users (user_id));
diesel::joinable!(resume_entries -> resumes (resume_id));
diesel::joinable!(resume_files -> resumes (resume_id));
diesel::joinable!(company_sessions -> company_members (member_id));
diesel::joinable!(company_members -> companies (company_id));
diesel::joinable!(job_postings -> jobs (job_id));
diesel::joinable!(application_stages -> applications (application_id));
diesel::joinable!(application_stages -> pipeline_stages (stage_id));
diesel::joinable!(application_moves -> company_members (member_id));
diesel::joinable!(application_notes -> company_members (member_id));
diesel::joinable!(admin_sessions -> admins (admin_id));
diesel::joinable!(job_reports -> jobs (job_id));
diesel::joinable!(company_reviews -> companies (company_id));
diesel::joinable!(job_moderation -> jobs (job_id));
diesel::joinable!(resume_openness -> resumes (resume_id));
diesel::table! {
    talent_candidates (id) {
        id -> BigInt,
        company_id -> BigInt,
        job_id -> Nullable<BigInt>,
        name -> Text,
        mobile -> Text,
        email -> Text,
        sections -> Text,
        original_name -> Text,
        stored_name -> Text,
        content_type -> Text,
        file_size -> BigInt,
        created_by -> BigInt,
        created_at -> BigInt,
    }
}

diesel::joinable!(talent_candidates -> jobs (job_id));

diesel::table! {
    talent_pipeline (id) {
        id -> BigInt,
        talent_id -> BigInt,
        company_id -> BigInt,
        job_id -> BigInt,
        stage_id -> BigInt,
        stage_at -> BigInt,
        added_at -> BigInt,
        added_by -> BigInt,
    }
}

diesel::table! {
    talent_moves (id) {
        id -> BigInt,
        entry_id -> BigInt,
        from_stage -> Nullable<BigInt>,
        to_stage -> BigInt,
        member_id -> BigInt,
        at -> BigInt,
    }
}

diesel::table! {
    talent_notes (id) {
        id -> BigInt,
        entry_id -> BigInt,
        company_id -> BigInt,
        member_id -> BigInt,
        text -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(talent_pipeline -> talent_candidates (talent_id));
diesel::joinable!(talent_pipeline -> jobs (job_id));
diesel::joinable!(talent_pipeline -> pipeline_stages (stage_id));
diesel::joinable!(talent_moves -> company_members (member_id));
diesel::joinable!(talent_notes -> company_members (member_id));

diesel::table! {
    conversations (id) {
        id -> BigInt,
        user_id -> BigInt,
        company_id -> BigInt,
        member_id -> BigInt,
        job_id -> BigInt,
        resume_id -> Nullable<BigInt>,
        last_seq -> BigInt,
        state -> Text,
        candidate_read_seq -> BigInt,
        candidate_delivered_seq -> BigInt,
        member_read_seq -> BigInt,
        member_delivered_seq -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        unsuitable_reason -> Text,
        candidate_noticed_at -> BigInt,
        member_noticed_at -> BigInt,
    }
}

diesel::table! {
    chat_messages (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        seq -> BigInt,
        sender_side -> Text,
        sender_id -> BigInt,
        client_id -> Text,
        kind -> Text,
        text -> Text,
        payload -> Text,
        created_at -> BigInt,
        recalled_at -> Nullable<BigInt>,
        flag -> Text,
    }
}

diesel::table! {
    chat_phrases (id) {
        id -> BigInt,
        owner_side -> Text,
        owner_id -> BigInt,
        kind -> Text,
        text -> Text,
        is_default -> Bool,
        position -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    chat_wechat_ids (side, owner_id) {
        side -> Text,
        owner_id -> BigInt,
        wechat_id -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    chat_quota_uses (side, who, day) {
        side -> Text,
        who -> BigInt,
        day -> Text,
        used -> BigInt,
    }
}

diesel::table! {
    chat_blocks (conversation_id, side) {
        conversation_id -> BigInt,
        side -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    chat_reports (id) {
        id -> BigInt,
        conversation_id -> BigInt,
        reporter_side -> Text,
        reporter_id -> BigInt,
        reporter_name -> Text,
        reported_side -> Text,
        reported_id -> BigInt,
        reported_name -> Text,
        reason -> Text,
        detail -> Text,
        message_id -> BigInt,
        messages -> Text,
        created_at -> BigInt,
        handled_at -> Nullable<BigInt>,
        outcome -> Text,
    }
}

diesel::joinable!(chat_messages -> conversations (conversation_id));
diesel::joinable!(conversations -> jobs (job_id));
diesel::joinable!(conversations -> company_members (member_id));
diesel::joinable!(conversations -> companies (company_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    sessions,
    companies,
    jobs,
    resumes,
    resume_entries,
    resume_files,
    user_tags,
    black_words,
    chat_phrases,
    application_resumes,
    applications,
    saved_jobs,
    shields,
    orders,
    sms_codes,
    wx_scenes,
    partner_accounts,
    company_members,
    company_sessions,
    job_postings,
    pipeline_stages,
    application_stages,
    pipeline_counts,
    application_moves,
    application_notes,
    company_profiles,
    company_files,
    admins,
    admin_sessions,
    audit_log,
    account_disables,
    company_disables,
    company_reviews,
    job_moderation,
    job_reports,
    resume_openness,
    behaviour_events,
    job_event_days,
    notice_templates,
    notices,
    interviewer_profiles,
    interviews,
    interview_interviewers,
    interview_feedback,
    assessments,
    assessment_sends,
    assessment_answers,
    application_sources,
    company_trials,
    company_quota_uses,
    company_quota_seen,
    company_orders,
    order_refunds,
    talent_candidates,
    talent_pipeline,
    talent_moves,
    talent_notes,
    conversations,
    chat_messages,
    chat_wechat_ids,
    chat_quota_uses,
    chat_blocks,
    chat_reports,
);
