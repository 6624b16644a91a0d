import ArrowRightOutlined from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { registerCatalogue } from '@/i18n';
import { initSlider, type SliderChallenge } from './api/init-slider';
import { testSlider } from './api/test-slider';
import sliderCatalogue from './i18n';
import { clampOffset, handleTravel, pieceLeftFor, pieceXFor, scaleOf, submittedX, type SliderGeometry } from './slider-position';
import { Track } from './track';
import './slider-captcha.css';

registerCatalogue(sliderCatalogue);

/** The handle's width on screen, in pixels. */
export const HANDLE_WIDTH = 40;
/** A release closer than this to the start is taken as a slip, not a try (a try spends the picture). */
const MIN_TRY_PX = 3;
const SHAKE_MS = 600;
const PASSED_MS = 450;

type Phase = 'loading' | 'ready' | 'dragging' | 'checking' | 'passed' | 'failed' | 'locked' | 'error';

function codeOf(e: unknown): string | undefined {
  const code = e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function isRepeat(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { message?: unknown }).message === 'request:repeat';
}

/** The i18n key shown when loading or testing a picture failed (not a miss). */
function troubleKey(e: unknown): string {
  if (codeOf(e) === 'RATE_LIMITED') return 'slider.rateLimited';
  if (e && typeof e === 'object' && (e as { status?: unknown }).status === 0) return 'slider.network';
  return 'slider.loadFailed';
}

export interface SliderCaptchaProps {
  /** Called once with the `captchaVerification` when the piece fits. */
  onVerified: (captchaVerification: string) => void;
}

/**
 * The slider captcha: the picture with the piece, a track whose handle the user drags (mouse, pen or touch,
 * through pointer events; arrow keys too); on release the piece's position goes to /slider/test.
 * A miss shakes the picture and draws a new one.
 */
export function SliderCaptcha({ onVerified }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [notice, setNotice] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [shake, setShake] = useState(false);
  const [boxWidth, setBoxWidth] = useState(0);

  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  const loading = useRef(false);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; startOffset: number } | null>(null);
  const offsetRef = useRef(0);
  /** The movement of this try, sent with it: the server refuses slides no person could make. */
  const track = useRef(new Track());
  const timers = useRef<number[]>([]);
  const verified = useRef(onVerified);
  verified.current = onVerified;

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  const moveTo = (v: number) => {
    offsetRef.current = v;
    setOffset(v);
  };

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setPhase('loading');
    initSlider().then(
      (next) => {
        loading.current = false;
        if (!mounted.current) return;
        if (!next || typeof next.bg !== 'string') {
          setPhase('error');
          setNotice('slider.loadFailed');
          return;
        }
        setChallenge(next);
        track.current.reset();
        offsetRef.current = 0;
        setOffset(0);
        setPhase('ready');
      },
      (e: unknown) => {
        loading.current = false;
        if (!mounted.current || isRepeat(e)) return;
        setPhase(codeOf(e) === 'RATE_LIMITED' ? 'locked' : 'error');
        setNotice(troubleKey(e));
      },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
      for (const id of timers.current) window.clearTimeout(id);
      timers.current = [];
    };
  }, [load]);

  // The picture is shown at most at its own width, narrower when the space is.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setBoxWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const pictureWidth = challenge?.width ?? 310;
  const pictureHeight = challenge?.height ?? 155;
  const displayWidth = Math.min(pictureWidth, boxWidth || pictureWidth);
  const geometry: SliderGeometry = {
    pictureWidth,
    pieceWidth: challenge?.pieceWidth ?? 51,
    displayWidth,
    handleWidth: HANDLE_WIDTH,
  };
  const scale = scaleOf(geometry);
  const travel = handleTravel(geometry);

  /** Notes where the piece is (picture pixels) for the track; `dy` is the pointer's height from where the drag began. */
  const note = (kind: 'p' | 'k', at: number, dy = 0) => {
    track.current.add(kind, pieceXFor(at, geometry), dy);
  };

  const submit = (at: number) => {
    if (!challenge) return;
    if (at < MIN_TRY_PX) {
      moveTo(0);
      track.current.reset();
      setPhase('ready');
      return;
    }
    setPhase('checking');
    setNotice(null);
    testSlider(challenge.token, submittedX(at, geometry), track.current.toJSON()).then(
      (answer) => {
        if (!mounted.current) return;
        if (!answer?.captchaVerification) {
          setPhase('error');
          setNotice('slider.loadFailed');
          return;
        }
        setPhase('passed');
        setNotice('slider.passed');
        later(() => verified.current(answer.captchaVerification), PASSED_MS);
      },
      (e: unknown) => {
        if (!mounted.current || isRepeat(e)) return;
        if (codeOf(e) === 'RATE_LIMITED') {
          setPhase('locked');
          setNotice('slider.rateLimited');
          return;
        }
        // A miss (or any other trouble) spends the picture: shake, then draw a new one.
        setPhase('failed');
        setNotice(codeOf(e) === 'CAPTCHA_FAILED' ? 'slider.failed' : troubleKey(e));
        setShake(true);
        later(() => {
          setShake(false);
          load();
        }, SHAKE_MS);
      },
    );
  };

  const canDrag = phase === 'ready' && !!challenge;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!canDrag || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, startOffset: offsetRef.current };
    note('p', offsetRef.current);
    setPhase('dragging');
    setNotice(null);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const at = clampOffset(d.startOffset + e.clientX - d.startX, geometry);
    moveTo(at);
    note('p', at, e.clientY - d.startY);
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    const at = clampOffset(d.startOffset + e.clientX - d.startX, geometry);
    note('p', at, e.clientY - d.startY);
    submit(at);
  };

  const onPointerCancel = () => {
    if (!drag.current) return;
    drag.current = null;
    moveTo(0);
    track.current.reset();
    setPhase('ready');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (phase !== 'ready') return;
    const step = e.shiftKey ? 10 : 1;
    const keyTo = (at: number) => {
      // The first key notes where the piece starts, then each key where it went.
      if (track.current.empty()) note('k', offsetRef.current);
      moveTo(at);
      note('k', at);
    };
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      keyTo(clampOffset(offsetRef.current + (e.key === 'ArrowRight' ? step : -step), geometry));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      keyTo(e.key === 'Home' ? 0 : handleTravel(geometry));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      note('k', offsetRef.current);
      submit(offsetRef.current);
    }
  };

  const pieceLeft = pieceLeftFor(offset, geometry);
  const busy = phase === 'loading' || phase === 'checking';
  const handleIcon =
    phase === 'passed' ? <Icon svg={CheckOutlined} /> : phase === 'failed' ? <Icon svg={CloseOutlined} /> : busy && phase === 'checking' ? <Icon svg={LoadingOutlined} /> : <Icon svg={ArrowRightOutlined} />;
  const noticeTone = phase === 'passed' ? 'ok' : phase === 'checking' || phase === 'loading' ? 'info' : 'error';

  return (
    <div className={`slider-captcha phase-${phase}`} data-phase={phase} data-token={challenge?.token}>
      <div ref={box} className="slider-box" style={{ maxWidth: pictureWidth }}>
        <div
          className={shake ? 'slider-picture shake' : 'slider-picture'}
          style={{ width: displayWidth, height: pictureHeight * scale }}
        >
          {challenge && (
            <>
              <img className="slider-bg" src={challenge.bg} alt={t('slider.picture')} draggable={false} width={displayWidth} />
              <img
                className="slider-piece"
                src={challenge.piece}
                alt=""
                aria-hidden
                draggable={false}
                style={{ left: pieceLeft, top: challenge.y * scale, width: challenge.pieceWidth * scale }}
              />
            </>
          )}
          {(phase === 'loading' || phase === 'locked' || phase === 'error') && (
            <div className="slider-cover">
              {phase === 'loading' ? <Icon svg={LoadingOutlined} /> : null}
              <span>{phase === 'loading' ? t('slider.loading') : notice ? t(notice) : null}</span>
            </div>
          )}
          {/* The native title rather than antd's Tooltip: the touch site shows this slider and downloads no antd. */}
          <button
            type="button"
            className="slider-refresh"
            aria-label={t('slider.refresh')}
            title={t('slider.refresh')}
            onClick={load}
            disabled={phase === 'loading' || phase === 'checking' || phase === 'dragging' || phase === 'passed'}
          >
            <Icon svg={ReloadOutlined} />
          </button>
        </div>
        <div className="slider-track" style={{ width: displayWidth }}>
          <div className="slider-fill" style={{ width: offset + HANDLE_WIDTH / 2 }} />
          <span className="slider-hint" aria-hidden={offset > 0}>
            {t('slider.hint')}
          </span>
          <div
            className="slider-handle"
            role="slider"
            tabIndex={canDrag ? 0 : -1}
            aria-label={t('slider.handle')}
            aria-valuemin={0}
            aria-valuemax={Math.round(travel)}
            aria-valuenow={Math.round(offset)}
            aria-disabled={!canDrag && phase !== 'dragging'}
            style={{ left: offset, width: HANDLE_WIDTH }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onLostPointerCapture={() => {
              // A capture lost mid-drag (the window lost focus) ends the drag without a try.
              if (drag.current) onPointerCancel();
            }}
            onKeyDown={onKeyDown}
          >
            {handleIcon}
          </div>
        </div>
        <div className={`slider-notice tone-${noticeTone}`} role="status" aria-live="polite">
          {phase === 'checking' ? t('slider.checking') : notice && phase !== 'loading' ? t(notice) : ''}
        </div>
      </div>
    </div>
  );
}
