import { useCallback, useEffect, useRef, useState } from 'react';

/** The Chart widget's widest figure, and what its drawing's border and padding take of it. */
const CHART_MAX = 1024;
const CHART_FRAME = 20;

/**
 * The width an export page's charts of a fixed size get: the panel's, as far as the Chart widget's figure grows, less its
 * frame; rounded, so that small layout jitter does not draw them again. 640 until measured.
 */
export function useChartWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(640);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => setWidth(Math.max(320, Math.floor((Math.min(element.clientWidth, CHART_MAX) - CHART_FRAME) / 16) * 16));
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}
