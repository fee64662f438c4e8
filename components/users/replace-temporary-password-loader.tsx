'use client';
// Loads ReplaceTemporaryPassword (its form, zod and next-auth's client) only
// for the rare session that must replace a temporary password: the layout
// renders it on every page, and every page would otherwise carry it.
import dynamic from 'next/dynamic';

export const ReplaceTemporaryPasswordLoader = dynamic(() => import('./replace-temporary-password').then((module) => module.ReplaceTemporaryPassword));
