import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** The looks of a button (base.css, sheet.css, parts.css): the brand's filled one unless a variant says otherwise. */
export interface ButtonLook {
  variant?: 'primary' | 'secondary' | 'danger' | 'danger-outline';
  /** As wide as its box. */
  block?: boolean;
  small?: boolean;
}

/** The class list of a button look, for elements the components below do not cover. */
export function buttonClass({ variant = 'primary', block, small }: ButtonLook, className?: string): string {
  return ['btn', variant === 'primary' ? '' : `btn-${variant}`, block ? 'btn-block' : '', small ? 'btn-small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

/** A link within the site that looks like a button. */
export function ButtonLink({ variant, block, small, className, ...props }: ButtonLook & ComponentProps<typeof Link>) {
  return <Link className={buttonClass({ variant, block, small }, className)} {...props} />;
}

/** A link out of the site (mail, a store) that looks like a button. */
export function ButtonAnchor({ variant, block, small, className, ...props }: ButtonLook & ComponentProps<'a'>) {
  return <a className={buttonClass({ variant, block, small }, className)} {...props} />;
}
