// TEMPORARY placeholder until the offices area lands; its engineer replaces this file.
import { createElement } from 'react';
import { useParams } from 'react-router';
import { NotAvailable } from '../pages/not-available';

export function OfficesListPage() {
  return createElement(NotAvailable, { title: 'Offices', section: 'offices' });
}

export function OfficeFormPage() {
  const { id } = useParams();
  return createElement(NotAvailable, { title: id ? 'Update Office' : 'Add Office' });
}
