import { createHash } from 'node:crypto';
import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';
import { newId } from '../../foundations/ids';

export interface Tag {
  id: string;
  label: string;
  color: string;
}

// Distinct, readable on white and dark backgrounds alike.
const PALETTE = ['#2563eb', '#16a34a', '#dc2626', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#4f46e5', '#0d9488', '#9333ea'];

/** A tag's colour follows from its label, so the same label looks the same on every station. */
export function colorForLabel(label: string): string {
  const digest = createHash('sha256').update(label.toLowerCase()).digest();
  return PALETTE[digest[0]! % PALETTE.length]!;
}

/** Finds each label's tag in the team (case-insensitive), creating missing ones. */
export function resolveTags(db: Db, teamId: string, labels: string[], at: string): Tag[] {
  const find = statement(db, 'SELECT id, label, color FROM tags WHERE team_id = ? AND label = ?');
  const insert = statement(db, 'INSERT INTO tags (id, team_id, label, color, created_at) VALUES (?, ?, ?, ?, ?)');
  const tags: Tag[] = [];
  for (const label of labels) {
    let tag = find.get(teamId, label) as Tag | undefined;
    if (!tag) {
      tag = { id: newId(), label, color: colorForLabel(label) };
      insert.run(tag.id, teamId, tag.label, tag.color, at);
    }
    if (!tags.some((existing) => existing.id === tag!.id)) tags.push(tag);
  }
  return tags;
}

/** Replaces an order's tags; `replacing: false` (a new order, nothing to remove) spares a statement. */
export function setOrderTags(db: Db, orderId: string, tags: Tag[], replacing = true): void {
  if (replacing) statement(db, 'DELETE FROM order_tags WHERE order_id = ?').run(orderId);
  const insert = statement(db, 'INSERT INTO order_tags (order_id, tag_id, position) VALUES (?, ?, ?)');
  tags.forEach((tag, position) => insert.run(orderId, tag.id, position));
}

export function listOrderTags(db: Db, orderId: string): Tag[] {
  return statement(db, 'SELECT t.id, t.label, t.color FROM order_tags ot JOIN tags t ON t.id = ot.tag_id WHERE ot.order_id = ? ORDER BY ot.position')
    .all(orderId) as Tag[];
}

/** The tags `resolveTags` would give these labels, read only: a label not in the team yet gets the colour it would be made with. */
export function tagsAsResolved(db: Db, teamId: string, labels: string[]): { label: string; color: string }[] {
  const find = statement(db, 'SELECT id, label, color FROM tags WHERE team_id = ? AND label = ?');
  const tags: Tag[] = [];
  for (const label of labels) {
    const tag = (find.get(teamId, label) as Tag | undefined) ?? { id: `new:${label}`, label, color: colorForLabel(label) };
    if (!tags.some((existing) => existing.id === tag.id)) tags.push(tag);
  }
  return tags.map(({ label, color }) => ({ label, color }));
}
