import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type HTMLAttributes, type ReactNode } from 'react';

function camel(name: string): string {
  return name.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
}

function draw(node: AbstractNode, key: string, root?: Record<string, string>): ReactNode {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [k === 'class' ? 'className' : camel(k), v]));
  return createElement(
    node.tag,
    { key, ...attrs, ...root },
    (node.children ?? []).map((child, i) => draw(child, `${key}-${node.tag}-${i}`)),
  );
}

interface Props extends HTMLAttributes<HTMLSpanElement> {
  /** An outlined or filled definition from @ant-design/icons-svg. */
  svg: IconDefinition;
  spin?: boolean;
}

/**
 * An Ant Design icon drawn from its svg definition, as @ant-design/icons draws it (the same markup and
 * `.anticon` class), without that package's runtime: the icons a page shows first stay out of antd.
 */
export function Icon({ svg, spin, className, ...rest }: Props) {
  const classes = ['anticon', `anticon-${svg.name}`, spin || svg.name === 'loading' ? 'anticon-spin' : '', className ?? ''].filter(Boolean).join(' ');
  const tree = typeof svg.icon === 'function' ? svg.icon('', '') : svg.icon;
  return (
    <span role="img" aria-label={svg.name} {...rest} className={classes}>
      {draw(tree, `svg-${svg.name}`, { 'data-icon': svg.name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true', focusable: 'false' })}
    </span>
  );
}
