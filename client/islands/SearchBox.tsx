import { useEffect, useRef, useState } from 'react';
import type { Suggestion } from '../../shared/api/search.ts';
import { API } from '../../shared/api-routes.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import { api } from '../api.ts';

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  partNumber: 'Part number',
  category: 'Category',
  item: 'Part',
};

/** The header search with suggestions as the shopper types (300 ms after the last key, §9). */
export default function SearchBox({ id }: { id: string }) {
  const [keyword, setKeyword] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const latest = useRef(0);
  useEffect(() => {
    const text = keyword.trim();
    if (text.length < 2) return setSuggestions([]);
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      void api
        .call(API.searchSuggest, { keyword: text })
        .then((list) => {
          if (ticket === latest.current) setSuggestions(list);
        })
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return (
    <form className="search-form" action="/search" method="get" role="search">
      <label htmlFor={id} className="visually-hidden">
        Search parts
      </label>
      <input
        id={id}
        name="keyword"
        type="search"
        maxLength={200}
        placeholder="Search by part name, part number or brand"
        autoComplete="off"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        aria-controls={`${id}-suggestions`}
      />
      <button type="submit">Search</button>
      {suggestions.length > 0 && (
        <ul id={`${id}-suggestions`} className="search-suggestions" role="listbox" data-suggestions>
          {suggestions.map((suggestion) => (
            <li key={`${suggestion.kind}:${suggestion.href}:${suggestion.text}`} role="option" aria-selected="false">
              <a href={suggestion.href}>
                <small>{KIND_LABEL[suggestion.kind]}</small> {suggestion.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
