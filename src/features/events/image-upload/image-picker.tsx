import { useId, useRef, useState, type DragEvent } from "react";
import { ACCEPTED_IMAGE_TYPES } from "@convex/model/shared/imageRules";
import type { ImageUpload } from "./use-image-upload";
import "./image-picker.css";

type ImagePickerProps = { upload: ImageUpload; onChoose: (file: File | null) => void };

/** "Imagem do evento": a file input that is also a drop zone, with preview and upload progress. */
export function ImagePicker({ upload, onChoose }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0] ?? null);
  }

  function clear() {
    if (inputRef.current) inputRef.current.value = "";
    onChoose(null);
  }

  return (
    <div className="field">
      <label htmlFor={`${id}-file`}>Imagem do evento</label>
      <div
        className={`image-picker${dragging ? " image-picker--dragging" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {upload.status !== "empty" && (
          <img
            className="image-picker__preview"
            src={upload.previewUrl}
            alt="Pré-visualização da imagem do evento"
            width={75}
            height={105}
          />
        )}
        <div className="image-picker__body">
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          />
          <p id={`${id}-file-hint`} className="field__hint">
            JPG, PNG ou WebP de até 5 MB<span className="image-picker__drop-hint">, ou arraste a imagem para cá</span>.
          </p>
          <UploadStatus upload={upload} onRemove={clear} />
        </div>
      </div>
    </div>
  );
}

function UploadStatus({ upload, onRemove }: { upload: ImageUpload; onRemove: () => void }) {
  if (upload.status === "empty") {
    return upload.error === null ? null : (
      <p className="image-picker__error" role="alert">
        {upload.error}
      </p>
    );
  }
  return (
    <div className="image-picker__status">
      {upload.status === "uploading" ? (
        <>
          <progress max={100} value={upload.percent} aria-label="Enviando imagem" />
          <span aria-live="polite">Enviando imagem... {upload.percent}%</span>
        </>
      ) : (
        <span aria-live="polite">Imagem enviada.</span>
      )}
      <button type="button" className="button button--ghost button--small" onClick={onRemove}>
        Remover imagem
      </button>
    </div>
  );
}
