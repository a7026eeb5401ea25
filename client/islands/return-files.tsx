import { useEffect, useRef, useState } from 'react';
import * as m from '../../shared/i18n/generated/messages.js';
import { type EvidenceKind, RETURN_LIMITS, RETURN_MSG } from '../../shared/returns.ts';
import { acceptFor, fileProblem, guessKind, startUpload, type Upload, type UploadTarget } from './return-upload.ts';

/**
 * The evidence files a shopper chooses for a return (issue 20): each starts uploading at once,
 * shows a thumbnail (an image) or its name (a video), a progress bar and a remove button.
 */

export interface ChosenFile {
  key: number;
  name: string;
  kind: EvidenceKind;
  /** An object URL of the chosen image, for its thumbnail before anything is sent. */
  preview: string | null;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error: string | null;
  uploadId: string | null;
}

let nextKey = 1;

/** The files chosen so far, their uploads, and whether any is still on its way. */
export function useEvidenceFiles(target: UploadTarget) {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [problem, setProblem] = useState('');
  const uploads = useRef(new Map<number, Upload>());
  const update = (key: number, change: Partial<ChosenFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  useEffect(
    () => () => {
      for (const upload of uploads.current.values()) upload.abort();
    },
    [],
  );

  /** Adds the chosen files the reason takes, up to the limit, and starts sending each. */
  function add(chosen: readonly File[], kinds: readonly EvidenceKind[]) {
    const room = RETURN_LIMITS.maxFiles - files.length;
    const problems: string[] = chosen.length > room ? [RETURN_MSG.tooManyFiles] : [];
    const added: ChosenFile[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const refused = fileProblem(file, kinds);
      if (refused) {
        problems.push(`${file.name}: ${refused}`);
        continue;
      }
      const kind = guessKind(file)!;
      const key = nextKey++;
      const preview = kind === 'image' ? URL.createObjectURL(file) : null;
      added.push({ key, name: file.name, kind, preview, progress: 0, state: 'uploading', error: null, uploadId: null });
      const upload = startUpload(target, file, (progress) => update(key, { progress }));
      uploads.current.set(key, upload);
      upload.done.then(
        (answer) => update(key, { state: 'done', progress: 1, uploadId: answer.uploadId }),
        (failure: { msg?: string }) => {
          if (failure?.msg === 'aborted') return;
          update(key, { state: 'failed', error: failure?.msg || RETURN_MSG.incomplete });
        },
      );
    }
    setProblem(problems.join(' '));
    setFiles((current) => [...current, ...added]);
  }

  /** Stops and forgets a file. */
  function remove(key: number) {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setFiles((current) => {
      const gone = current.find((file) => file.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((file) => file.key !== key);
    });
  }

  const uploading = files.some((file) => file.state === 'uploading');
  const uploadIds = files.flatMap((file) => (file.state === 'done' && file.uploadId ? [file.uploadId] : []));
  return { files, add, remove, uploading, uploadIds, problem };
}

export type EvidenceFiles = ReturnType<typeof useEvidenceFiles>;

/** The file picker with each chosen file's thumbnail, progress and remove button. */
export function EvidencePicker({
  evidence,
  kinds,
  label,
  error,
}: {
  evidence: EvidenceFiles;
  kinds: readonly EvidenceKind[];
  label: string;
  /** The field's message (the server's, or the form's own check). */
  error?: string;
}) {
  const message = error || evidence.problem;
  return (
    <fieldset className="return-files" data-field="uploadIds">
      <legend>{label}</legend>
      <input
        type="file"
        name="evidence"
        accept={acceptFor(kinds)}
        multiple
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'return-files-error' : undefined}
        onChange={(event) => {
          evidence.add([...(event.target.files ?? [])], kinds);
          event.target.value = '';
        }}
      />
      <small>
        {kinds.includes('video')
          ? m.return_files_limits_video({ count: RETURN_LIMITS.maxFiles })
          : m.return_files_limits({ count: RETURN_LIMITS.maxFiles })}
      </small>
      {message && (
        <p className="form-error field-error" id="return-files-error" role="alert">
          {message}
        </p>
      )}
      <ul className="return-files__list">
        {evidence.files.map((file) => (
          <li key={file.key} className="return-file" data-upload-state={file.state}>
            {file.preview ? (
              <img src={file.preview} alt={file.name} width="96" height="96" />
            ) : (
              <span className="return-file__video" aria-hidden="true">
                &#9654;
              </span>
            )}
            <span className="return-file__name">{file.name}</span>
            <progress max={1} value={file.progress} aria-label={m.return_upload_of({ name: file.name })} />
            {file.error && <span className="form-error">{file.error}</span>}
            <button type="button" className="return-file__remove" onClick={() => evidence.remove(file.key)}>
              {m.return_remove()}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
