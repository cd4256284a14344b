// TEMPORARY placeholder until the home area lands; its engineer replaces this file.
import { createElement } from 'react';
import { NotAvailable } from '../pages/not-available';

export function HomePage() {
  return createElement(NotAvailable, { title: 'Home' });
}
