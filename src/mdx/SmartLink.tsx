import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';

/** Internal links navigate client-side (P17); external ones open in a new tab. */
export function SmartLink({ href = '', children, ...rest }: ComponentProps<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^[a-z]+:/i.test(href) || href.startsWith('//');
  return (
    <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
