import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Suggestion } from '../../shared/api/search.ts';
import { API } from '../../shared/api-routes.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { A11Y_LABEL, suggestionCountMessage } from '../../shared/messages.ts';
import { api } from '../api.ts';
import * as m from '../../shared/i18n/generated/messages.js';

const KIND_LABEL: Record<Suggestion['kind'], () => string> = {
  partNumber: m.search_kind_part_number,
  category: m.search_kind_category,
  item: m.search_kind_part,
};

/** Suggestions as the shopper types, 300 ms after the last key (§9); the newest answer wins. */
function useSuggestions(keyword: string): { list: Suggestion[]; answered: number } {
  const [state, setState] = useState({ list: [] as Suggestion[], answered: 0 });
  const latest = useRef(0);
  useEffect(() => {
    const text = keyword.trim();
    const ticket = ++latest.current;
    if (text.length < 2) return setState((old) => (old.list.length ? { list: [], answered: old.answered } : old));
    const timer = setTimeout(() => {
      void api
        .call(API.searchSuggest, { keyword: text })
        .then((list) => {
          if (ticket === latest.current) setState((old) => ({ list, answered: old.answered + 1 }));
        })
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return state;
}

/**
 * The header search as a WAI-ARIA 1.2 combobox: arrows move through the suggestions, Enter opens
 * the active one or searches, Escape closes the list and then clears the box. Without scripts it
 * is the plain search form the server rendered.
 */
export default function SearchBox({ id }: { id: string }) {
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { list, answered } = useSuggestions(keyword);
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && list.length > 0;
  useEffect(() => {
    setActive(-1);
    if (answered > 0) setOpen(true);
  }, [answered]);

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    location.assign(suggestion.href);
  };
  const move = (step: number) => {
    if (!list.length) return;
    setOpen(true);
    setActive((index) => {
      if (!expanded || index < 0) return step > 0 ? 0 : list.length - 1;
      return (index + step + list.length) % list.length;
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded && list[active]) {
      event.preventDefault();
      go(list[active]);
    } else if (event.key === 'Escape') {
      // The browser's own Escape would clear a search box at once; the list closes first.
      event.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else setKeyword('');
    }
  };

  return (
    <form className="search-form" action="/search" method="get" role="search" aria-label={A11Y_LABEL.searchParts}>
      <label htmlFor={id} className="visually-hidden">
        {A11Y_LABEL.searchParts}
      </label>
      <input
        id={id}
        name="keyword"
        type="search"
        maxLength={200}
        placeholder={m.search_placeholder()}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <button type="submit">{m.search_button()}</button>
      {expanded && (
        <ul
          id={listId}
          className="search-suggestions"
          role="listbox"
          aria-label={A11Y_LABEL.searchSuggestions}
          data-suggestions
        >
          {list.map((suggestion, index) => (
            <li
              key={`${suggestion.kind}:${suggestion.href}:${suggestion.text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-href={suggestion.href}
              // Pressing down on an option would blur the input and close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(suggestion)}
              onMouseMove={() => setActive(index)}
            >
              <small>{KIND_LABEL[suggestion.kind]()}</small> {suggestion.text}
            </li>
          ))}
        </ul>
      )}
      <span className="visually-hidden" role="status" aria-live="polite" id={`${id}-status`}>
        {answered > 0 && keyword.trim().length >= 2 ? suggestionCountMessage(list.length) : ''}
      </span>
    </form>
  );
}
